/** The message of an update: how many fields changed, or that nothing did. `noun` is lower case ("ticket"). */
export function updateMessage(noun: string, id: number, count: number): string {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return count ? `${Noun} ${id} updated (${count} field${count === 1 ? '' : 's'}).` : `Nothing to change in ${noun} ${id}.`;
}
