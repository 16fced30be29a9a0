/**
 * A translated sentence with one marked phrase, such as `<num>12</num> people chose a plan`,
 * split around that phrase so a view can wrap it in an element of its own. Translators move the
 * marks with the words; a sentence whose marks are missing or broken is shown whole, unmarked.
 */
export interface TaggedText {
  before: string;
  marked: string;
  after: string;
}

export function splitTagged(sentence: string, tag: string): TaggedText {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = sentence.indexOf(open);
  const end = start === -1 ? -1 : sentence.indexOf(close, start + open.length);
  if (start === -1 || end === -1)
    return { before: sentence.replaceAll(open, '').replaceAll(close, ''), marked: '', after: '' };
  return {
    before: sentence.slice(0, start),
    marked: sentence.slice(start + open.length, end),
    after: sentence.slice(end + close.length),
  };
}
