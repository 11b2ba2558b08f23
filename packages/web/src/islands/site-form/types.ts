/** The SiteForm island's props: packages/server/src/render/form-block.ts `SiteFormProps`. */
export interface SiteFormField {
  id: string;
  type: string;
  title: string;
  description?: string;
  required?: boolean;
  options?: string[];
  maxLength?: number;
  placeholder?: string;
}

export type CaptchaWidget = { kind: 'altcha'; challengeUrl: string } | { kind: 'recaptcha'; siteKey: string };

export interface SiteFormProps {
  formId: string;
  fields: SiteFormField[];
  action: string;
  successText: string;
  postSubmitHtml: string | null;
  successRedirect: string | null;
  captcha: CaptchaWidget | null;
  submitText: string;
  honeypotName: string;
  captchaErrorKey: string;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  notice: string;
  /** A newsletter form (it signs up to a mailing list): compact, never the scroll notice. */
  newsletter: boolean;
  /** The form's name, shown as a newsletter block's heading (empty where a dialog names it). */
  title: string;
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
