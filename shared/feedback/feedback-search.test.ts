import { describe, expect, it } from 'vitest';
import { splitFeedbackSearch } from './feedback-search.ts';

describe('the feedback files search', () => {
  it('splits on commas, keeps an escaped comma, trims and drops empties and repeats', () => {
    expect(splitFeedbackSearch('a.log, b.zip ,,c.json')).toEqual(['a.log', 'b.zip', 'c.json']);
    expect(splitFeedbackSearch('report\\,final.txt,other.txt')).toEqual(['report,final.txt', 'other.txt']);
    expect(splitFeedbackSearch('x.txt,x.txt, ')).toEqual(['x.txt']);
    expect(splitFeedbackSearch('back\\slash.txt')).toEqual(['back\\slash.txt']);
  });
});
