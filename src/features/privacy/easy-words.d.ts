/* The Dale-Chall list of about 3,000 everyday words that text-readability ships: nouns compromise's lexicon leaves out ("table", "lunch"). */
declare module 'text-readability/easy_words.js' {
  const easyWords: readonly string[];
  export default easyWords;
}
