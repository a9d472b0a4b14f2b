/** Collects a bench's markdown section while echoing it to stdout as it is produced. */
export class Report {
  private readonly parts: string[] = [];

  constructor(readonly title: string) {
    this.parts.push(`## ${title}\n`);
    process.stdout.write(`\n## ${title}\n\n`);
  }

  add(markdown: string): void {
    this.parts.push(markdown.trimEnd() + '\n');
    process.stdout.write(markdown.trimEnd() + '\n\n');
  }

  /** Progress lines: printed, not kept in the summary. */
  log(line: string): void {
    process.stderr.write(`  · ${line}\n`);
  }

  toString(): string {
    return this.parts.join('\n');
  }
}
