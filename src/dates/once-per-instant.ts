/**
 * `format` of an instant (epoch milliseconds), made again only when the instant asked for is not
 * the last one: texts stamped with the time of a call (a log line's, an audit row's) come several
 * to a millisecond under load. An instant that is NaN never equals the last, so `format` sees it
 * (and throws, for a Date's ISO text) every time.
 */
export function oncePerInstant(format: (instant: number) => string): (instant: number) => string {
  let last = Number.NaN;
  let text = '';
  return (instant) => {
    if (instant !== last) {
      text = format(instant);
      last = instant;
    }
    return text;
  };
}
