/** A progress bar on a terminal, one line per 10 % elsewhere (logs, CI). */
import cliProgress from 'cli-progress';

export function progressReporter(label: string): { update: (done: number, total: number) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} pièces | {duration_formatted}`,
        stream: process.stderr,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total, done);
          started = true;
        } else bar.update(done);
      },
      stop: () => bar.stop(),
    };
  }
  let lastTenth = -1;
  const startedAt = Date.now();
  return {
    update(done, total) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        process.stderr.write(`${label} ${tenth * 10} % (${done}/${total} pièces, ${seconds} s)\n`);
      }
    },
    stop() {},
  };
}
