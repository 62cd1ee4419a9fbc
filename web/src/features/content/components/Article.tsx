import type { ReactNode } from 'react';
import { usePageHead } from '../../../lib/page-head.ts';

export interface ArticleSection {
  heading: string;
  body: string[];
}

/** A long-form page (legal texts, solutions, business pages): title, lead, sections of paragraphs. */
export function Article({
  title,
  description,
  lead,
  meta,
  sections,
  children,
}: {
  title: string;
  description: string;
  lead?: string;
  meta?: string;
  sections: ArticleSection[];
  children?: ReactNode;
}) {
  usePageHead({ title, description });
  return (
    <main id="main" className="article">
      <h1>{title}</h1>
      {meta && <p className="article-meta">{meta}</p>}
      {lead && <p className="lead">{lead}</p>}
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {children}
    </main>
  );
}
