/**
 * `compute` remembered by its text argument: for pure functions called with the same few strings
 * over and over while a page renders (class lists, names). At most `limit` answers are kept; when
 * full the memory starts again, so text that never repeats cannot grow it without end.
 */
export function memoizeText(compute: (text: string) => string, limit = 2000): (text: string) => string {
  const answers = new Map<string, string>();
  return (text) => {
    let answer = answers.get(text);
    if (answer === undefined) {
      if (answers.size >= limit) answers.clear();
      answer = compute(text);
      answers.set(text, answer);
    }
    return answer;
  };
}
