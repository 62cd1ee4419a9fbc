/** Hashed URLs of the illustrations (scripts/site/illustrations.ts draws them). */
const urls = import.meta.glob<string>('../../../assets/illustrations/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

export function illustration(name: string): string {
  const url = urls[`../../../assets/illustrations/${name}.svg`];
  if (!url) throw new Error(`No illustration ${name}`);
  return url;
}
