/** A number of deals as a sentence says it: "1 deal", "1,250 deals" (board columns, settings messages). */
export function dealCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'deal' : 'deals'}`;
}
