/**
 * A deterministic markdown answer of about `length` characters: headings,
 * paragraphs with emphasis and links, lists, code blocks and tables.
 */
export function markdownAnswer(length: number): string {
  const sections = [
    (i: number) =>
      `## Section ${i}\n\nThe **pump station ${i}** ran at *${90 + (i % 10)}%* of design flow; see [report ${i}](https://example.com/r/${i}) for details and \`valve-${i}\` notes.\n\n`,
    (i: number) =>
      `- Reading ${i}: pressure ${(i * 1.7).toFixed(1)} bar\n- Reading ${i + 1}: flow ${(i * 3.1).toFixed(1)} m³/h\n- Crew ${i % 4} on site\n\n`,
    (i: number) => `\`\`\`sql\nselect site, flow from readings where day = ${i};\n\`\`\`\n\n`,
    (i: number) =>
      `| Site | Flow | Status |\n|---|---:|---|\n| P${i} | ${i * 11} | ok |\n| P${i + 1} | ${i * 7} | check |\n\n`,
    (i: number) => `> Note ${i}: the valve schedule changes next week; plan accordingly.\n\n`,
  ];
  let text = '';
  for (let i = 0; text.length < length; i++) text += sections[i % sections.length]!(i);
  return text.slice(0, length);
}

/** Splits `text` into `count` deltas of (nearly) equal size. */
export function deltas(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  return Array.from({ length: count }, (_, i) => text.slice(i * size, (i + 1) * size)).filter(
    Boolean,
  );
}
