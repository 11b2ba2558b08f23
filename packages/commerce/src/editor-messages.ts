/**
 * The owner's area texts of spec §5 "Editor messages" and §8 "Editor strings", verbatim, in one
 * table: the server answers them and the config screens show them. Templates keep their
 * `{placeholders}`; fill them with `editorMessage`.
 */
export const EDITOR_MESSAGES = {
  // Spec §5 "Editor messages".
  invalidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as {email}',
  linkFormat: 'Links must be formatted as {host} or {host}',
  invalidPageUrl: '{val} is not a valid page URL',
  notAnOption: '{val} is not one of the expected options',
  fileNameRequired: 'Please enter a file name',
  fileTooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  datasetNoRows: 'Your dataset must have at least one row',
  datasetNoColumns: 'Your dataset must have at least one column',
  listRequired: 'A List must be selected',
  emailSubjectRequired: 'Add an email subject',
  oneTagAtATime: 'You may only edit one {tagType} at a time',
  tagExists: 'This {tagType} already exists',

  // Spec §8 "Editor strings".
  somethingWentWrong: 'Something went wrong',
  networkError: 'Network error',
  unableToConnect: 'Unable to connect. Please try again',
  unableToLoad: 'Unable to load. Try again.',
  errorUploading: 'Error uploading',
  unableToUploadFile: 'Unable to Upload File',
  unableToRenameFile: 'Unable to Rename File',
  fileProcessingFailed: 'File processing failed',
  fileProcessingCancelled: 'File processing cancelled',
  unableToLoadCollections: 'Unable to load collections',
  unableToLoadFonts: 'Unable to load fonts',
  noJobResponse: 'No response data from job request',
  rowsMissingData: 'One or more rows was missing data',
  vimeoBasicUnsupported:
    'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
} as const;

export type EditorMessageKey = keyof typeof EDITOR_MESSAGES;

/** The message with each `{name}` replaced by `values[name]` (every occurrence; unknown names stay). */
export function editorMessage(key: EditorMessageKey, values: Record<string, string> = {}): string {
  return EDITOR_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
const BYTES_PER_UNIT = 1024;

/** A size as the editor names it: '20 MB', '512 KB', '1.5 GB' (binary units, at most one decimal). */
export function fileSizeText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= BYTES_PER_UNIT && unit < BYTE_UNITS.length - 1) {
    value /= BYTES_PER_UNIT;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${BYTE_UNITS[unit]}`;
}
