import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const base = process.env.BASE || 'http://localhost:3500';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const N = Number(process.env.N || 3);
for (const path of process.argv.slice(2)) {
  for (let i = 0; i < N; i++) {
    const r = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error' });
    const a = r!.lhr.audits; const m = (a.metrics!.details as any).items[0];
    const nav0 = m.observedNavigationStart;
    const scripts = ((a['network-requests']!.details as any).items as any[]).filter((x) => x.resourceType === 'Script');
    const lastScriptEnd = Math.max(...scripts.map((x) => x.networkEndTime));
    console.log(`${path} perf ${Math.round(r!.lhr.categories.performance!.score! * 100)} LCP ${m.largestContentfulPaint} TBT ${m.totalBlockingTime} | observed FCP ${m.observedFirstContentfulPaint} LCP ${m.observedLargestContentfulPaint} | scripts ${scripts.length}, first end ${Math.min(...scripts.map((x) => x.networkEndTime)).toFixed(0)}, last end ${lastScriptEnd.toFixed(0)}`);
  }
}
chrome.kill(); process.exit(0);
