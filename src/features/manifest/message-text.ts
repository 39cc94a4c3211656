import type { ManifestDerivative, ManifestMessage } from '../../../contracts/model-derivative';

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
  const words = code
    .replace(/^[A-Za-z]+-/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}.` : code;
}

export const MESSAGE_TYPE_LABELS: Record<ManifestMessage['type'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Note',
};

/** One message the translator gave several outputs (a warning about the source file, say), with the outputs. */
export interface SharedMessage {
  message: ManifestMessage;
  outputs: string[];
}

const messageKey = (message: ManifestMessage) => `${message.type}\n${message.code}\n${messageText(message)}`;

/**
 * Messages said alike by more than one output: shown once, above the outputs, naming them, rather
 * than repeated under each. `isShared` tells an output's own messages from these.
 */
export function sharedMessages(derivatives: readonly ManifestDerivative[]): {
  shared: SharedMessage[];
  isShared: (message: ManifestMessage) => boolean;
} {
  const byKey = new Map<string, SharedMessage>();
  for (const derivative of derivatives) {
    for (const message of derivative.messages ?? []) {
      const key = messageKey(message);
      const entry = byKey.get(key) ?? { message, outputs: [] };
      if (!entry.outputs.includes(derivative.outputType)) entry.outputs.push(derivative.outputType);
      byKey.set(key, entry);
    }
  }
  const shared = [...byKey.values()].filter((entry) => entry.outputs.length > 1);
  const keys = new Set(shared.map((entry) => messageKey(entry.message)));
  return { shared, isShared: (message) => keys.has(messageKey(message)) };
}
