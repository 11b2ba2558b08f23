import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES, editorMessage, fileSizeText } from '../src/index.js';

describe('editor messages', () => {
  it('fills the oversized-file message of spec §5', () => {
    expect(
      editorMessage('fileTooLarge', { fileName: 'cat.png', maxSize: fileSizeText(20 * 1024 * 1024) }),
    ).toBe('The file cat.png is too large. The maximum allowed file size is 20 MB.');
  });

  it('fills every occurrence of a placeholder and leaves unknown ones', () => {
    expect(editorMessage('linkFormat', { host: 'example.com' })).toBe(
      'Links must be formatted as example.com or example.com',
    );
    expect(editorMessage('notAnOption')).toBe(EDITOR_MESSAGES.notAnOption);
  });

  it('names sizes in the largest whole unit', () => {
    expect(fileSizeText(512)).toBe('512 bytes');
    expect(fileSizeText(1536)).toBe('1.5 KB');
    expect(fileSizeText(3 * 1024 ** 3)).toBe('3 GB');
  });
});
