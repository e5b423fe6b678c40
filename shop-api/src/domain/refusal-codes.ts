/**
 * Stable codes of the shop's refusals. The shop API answers a refusal with its French sentence and a
 * code (its extension: `code` on each violation, as Symfony's constraints have, and on an error's
 * body), so that a client recognises a refusal by its code and the sentence can be reworded in one
 * place. A catalogue of sentences is declared through `coded`, which gives each its code
 * `<family>.<key>`; `codeOf` finds the code of a sentence when the answer is written.
 */
const codes = new Map<string, string>();

type Sentence = string | ((...args: never[]) => string);

function remember(message: string, code: string): void {
  const known = codes.get(message);
  // One sentence, one meaning: a sentence in two catalogues would answer with either code.
  if (known !== undefined && known !== code) throw new Error(`« ${message} » is both ${known} and ${code}`);
  codes.set(message, code);
}

/** `messages`, each of its sentences (and each sentence its functions make) known by `<family>.<key>`. */
export function coded<T extends Record<string, Sentence>>(family: string, messages: T): T {
  const catalogue: Record<string, Sentence> = {};
  for (const [key, sentence] of Object.entries(messages)) {
    const code = `${family}.${key}`;
    if (typeof sentence === 'string') {
      remember(sentence, code);
      catalogue[key] = sentence;
    } else
      catalogue[key] = (...args: never[]) => {
        const made = sentence(...args);
        remember(made, code);
        return made;
      };
  }
  return catalogue as T;
}

/** The code of a sentence of a catalogue, or undefined for any other text. */
export const codeOf = (message: string): string | undefined => codes.get(message);
