import type { ManifestMessage } from '../../../contracts/model-derivative';

/** What the codes the engine and the real service use mean, for people who do not know them. */
const CODE_MEANINGS: Record<string, string> = {
  'TranslationWorker-InternalFailure': 'The translator failed on this file.',
  'TranslationWorker-UnsupportedOutput': 'This kind of file cannot be made into that output.',
  'TranslationWorker-NoViewable': 'The file has no view of the kind asked for.',
  'TranslationWorker-Timeout': 'The translation took too long and was stopped.',
  'TranslationWorker-RecoverableInternalFailure': 'The translator hit a temporary problem; translating again may work.',
  'Revit-UnsupportedFileType': 'The file is not a model the translator can read.',
};

/** A message's text: arrays (as the service sends for some codes) joined into one sentence. */
export function messageText(message: ManifestMessage): string {
  return Array.isArray(message.message) ? message.message.join(' ') : message.message;
}

/** The code put into words: the known meaning, else the code split into its words. */
export function describeCode(code: string): string {
  const known = CODE_MEANINGS[code];
  if (known) return known;
  const words = code.replace(/^[A-Za-z]+-/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}.` : code;
}

export const MESSAGE_TYPE_LABELS: Record<ManifestMessage['type'], string> = { error: 'Error', warning: 'Warning', info: 'Note' };
