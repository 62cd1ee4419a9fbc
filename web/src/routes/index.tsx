import { createFileRoute, redirect } from '@tanstack/react-router';
import { visitorLanguage } from '../lib/visitor-language.ts';

/** `/` goes to the visitor's language home (the server redirects by Accept-Language before this runs). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/$lang', params: { lang: visitorLanguage() }, replace: true });
  },
});
