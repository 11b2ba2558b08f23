import type { z } from 'zod';
import type { siteFormPropsSchema } from '../../../../server/src/render/site-form-schema';

/** The props as the server sends them (in the page, and in GET /api/newsletter/popup). */
type SiteFormWire = z.output<typeof siteFormPropsSchema>;

/** One of the owner's fields, as the form was saved. */
export type SiteFormField = SiteFormWire['fields'][number];

export type CaptchaWidget = NonNullable<SiteFormWire['captcha']>;

export interface SiteFormProps extends Omit<SiteFormWire, 'idPrefix'> {
  /** Starts the fields' ids ('sf'; the footer's copy of a form has its own, so ids stay unique). */
  idPrefix?: string;
  /** Called once the submission is accepted (the popup remembers the visitor signed up). */
  onSuccess?: () => void;
  /** What the visitor typed before the island loaded, read from the server markup. */
  initialEntries?: [string, string][];
}

/** A captcha the form can ask for its answer and reset after a failure (spec §4). */
export interface CaptchaHandle {
  /** The answer to send as captchaKey, solving first if needed; null when there is none. */
  answer(): Promise<string | null>;
  reset(): void;
}
