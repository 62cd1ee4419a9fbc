import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { anyCodeLabel } from '../../lib/labels/labels.ts';
import { CodeLabel } from './CodeLabel.tsx';

/** Where a text's words end (the separators e2e/console-readability.ts reads codes between). */
const SEPARATORS = /([\s,;:()[\]{}"'·→/|]+)/;
/** An identifier written with a colon inside (not a colon a space follows, as in `status: paid`). */
const IDENTIFIER = /:\S/;
/** A token no sentence writes: capitals, an underscore, a digit, a capital inside a word. */
const NO_WORD = /[A-Z_\d]|[a-z][A-Z]/;

/**
 * A text written by the server for staff (an attention case's reason, a recorded value): each code in it
 * named in the console's language, the code after its name (CodeLabel). In English and Spanish a code that
 * is also a plain word (`card`, `cancelled`) stays as written: the sentence around it is English.
 */
export function CodedText({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  const spaced = i18n.language === 'en' || i18n.language === 'es';
  // Words and what separates them; a word with a colon inside (`refund_required:ord_…`, a case's id) is an
  // identifier, kept whole.
  const tokens = text.split(/(\s+)/).flatMap((part, index) => {
    if (index % 2 === 1 || IDENTIFIER.test(part.replace(/:$/, ''))) return [{ part, word: false }];
    return part.split(SEPARATORS).map((piece, at) => ({ part: piece, word: at % 2 === 0 }));
  });
  // The words left as written are joined into one text between two named codes: the sentence stays one
  // text in the page (React writes each string child as a text node of its own), as a reader and the
  // console's names guard (e2e/console-readability.ts) read it.
  const pieces: Array<string | { label: string; code: string }> = [];
  for (const { part, word } of tokens) {
    const label = word && part ? anyCodeLabel(t, part) : undefined;
    const named = label !== undefined && (!spaced || NO_WORD.test(part) || part === text.trim());
    const last = pieces.at(-1);
    if (named) pieces.push({ label, code: part });
    else if (typeof last === 'string') pieces[pieces.length - 1] = last + part;
    else pieces.push(part);
  }
  return (
    <>
      {pieces.map((piece, index) =>
        typeof piece === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in their order, never reordered
          <Fragment key={index}>{piece}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <CodeLabel key={index} label={piece.label} code={piece.code} />
        ),
      )}
    </>
  );
}
