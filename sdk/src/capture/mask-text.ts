/** Replace every visible character by `*`, keeping whitespace so that the layout of masked text stays close. */
export function maskText(text: string): string {
  return text.replace(/\S/g, '*');
}
