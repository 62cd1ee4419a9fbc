import type { ReactNode } from 'react';
import { usePageHead } from '../../../lib/page-head.ts';

export interface Card {
  key: string;
  meta: ReactNode;
  title: ReactNode;
  body: string;
}

/** A page of cards (case studies, materials, announcements, blog posts): title, lead, the cards. */
export function CardPage({
  title,
  description,
  lead,
  cards,
}: {
  title: string;
  description: string;
  lead: string;
  cards: Card[];
}) {
  usePageHead({ title, description });
  return (
    <main id="main" className="article card-page">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <ul className="card-list">
        {cards.map((card) => (
          <li key={card.key}>
            <p className="card-meta">{card.meta}</p>
            <h2>{card.title}</h2>
            <p>{card.body}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
