import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { anyCodeLabel } from '../../lib/labels/labels.ts';
import { CodeLabel } from './CodeLabel.tsx';

/** Where a text's words end (the separators e2e/console-readability.ts reads codes between). */
const SEPARATORS = /([\s,;:()[\]{}"'·→/|]+)/;
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
  return (
    <>
      {text.split(SEPARATORS).map((token, index) => {
        const label = index % 2 === 1 || !token ? undefined : anyCodeLabel(t, token);
        const named = label !== undefined && (!spaced || NO_WORD.test(token) || token === text.trim());
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text, in their order, never reordered
          <Fragment key={index}>{named ? <CodeLabel label={label} code={token} /> : token}</Fragment>
        );
      })}
    </>
  );
}
