import { mapValue } from '../core/mapvalue.js';
import { field, text } from './util.js';

/** Compact UTC form, e.g. 20131115T123030Z. */
function compactUtc(ms: unknown): string {
  const date = new Date(typeof ms === 'number' ? ms : Number.NaN);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().replace(/[-:]|\.\d+/g, '');
}

/** Calendar link: text=title, dates=start/end in compact UTC, optional location address lines and country. */
export const googleCalendarUrlFormatter = mapValue((event) => {
  const url =
    `http://www.google.com/calendar/event?action=TEMPLATE&text=${encodeURIComponent(text(field(event, 'title')))}` +
    `&dates=${compactUtc(field(event, 'startDate'))}/${compactUtc(field(event, 'endDate'))}`;
  const location = ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => text(field(event, `location.${key}`)))
    .filter(Boolean)
    .join(', ');
  return location ? `${url}&location=${encodeURIComponent(location)}` : url;
});
