import { describe, expect, it } from 'vitest';
import { describeShared } from '../../../../test-support/shared.js';
import { socialPlugin } from '../../src/plugins/social/index.js';
import { check, format, runFormatterFixture } from './content-harness.js';

describeShared('social formatters against the conformance fixtures', () => {
  const fixtures = [
    'f-social-button-1',
    'f-social-button-inline-1',
    'f-twitter-follow-button-1',
    'f-twitter-follow-button-2',
  ];
  it.each(fixtures)('%s', (name) => {
    const [actual, expected] = runFormatterFixture(socialPlugin, name);
    expect(actual).toBe(expected);
  });
});

describe('social-button', () => {
  const item = {
    recordType: 2,
    systemDataId: 's1',
    assetUrl: '/img.jpg',
    mainImageId: 'm1',
    fullUrl: '/p',
    title: 'A "quote"',
  };
  it('uses an image item as its own picture and escapes attributes', () => {
    expect(
      format(socialPlugin, 'social-button', { website: { shareButtonOptions: { 1: true } }, item }, 'item'),
    ).toBe(
      '<div class="squarespace-social-buttons button-style" data-system-data-id="s1" data-asset-url="/img.jpg"' +
        ' data-record-type="2" data-full-url="/p" data-title="A &quot;quote&quot;"></div>',
    );
  });
  it('renders nothing without share buttons configured', () => {
    expect(format(socialPlugin, 'social-button', { website: { shareButtonOptions: [] }, item }, 'item')).toBe(
      '',
    );
  });
});

describe('twitter', () => {
  it('follow button needs a user name or profile URL', () => {
    expect(format(socialPlugin, 'twitter-follow-button', { userName: '', profileUrl: '' })).toBe('');
  });
});

describe('serviceNameEmail', () => {
  it('is true only for the email service', () => {
    expect(check(socialPlugin, 'serviceNameEmail', { serviceName: 'email' })).toBe(true);
    expect(check(socialPlugin, 'serviceNameEmail', { serviceName: 'other' })).toBe(false);
    expect(check(socialPlugin, 'serviceNameEmail', {})).toBe(false);
  });
});
