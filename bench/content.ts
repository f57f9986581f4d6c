/**
 * Long and hostile blog posts (decision 0049; run `pnpm build` first):
 *   pnpm --filter @agency/bench content [-- --posts 50 --kb 100 --connections 50 --seconds 5]
 * Stores `--posts` posts of `--kb` KB each through the staff API, half of them prose as staff write it (headings,
 * lists, links, tables, code) and half pathological Markdown (long runs of `_a`, `*a`, `[`, backticks, link
 * references, wide tables, nested lists and quotes up to the depth allowed...), timing each save (the render happens
 * there) and a 200,000-character body of each kind, the longest a post may have. Then autocannon on what visitors
 * read: `GET /api/blog-posts` (the /blog page's list), its second page, one pathological post, and `/blog` for a
 * brotli client (as browsers ask), beside `/robots.txt` as the host's floor, against the target p99 <= 20 ms. Prints
 * the host. Figures only: it fails only on a wrong answer.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { startGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { signInOwner } from './support/sign-in';
import { load, printFigures, type LoadFigures } from './support/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    posts: { type: 'string', default: '50' },
    kb: { type: 'string', default: '100' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
  },
});
const POSTS = Number(values.posts);
const SIZE = Number(values.kb) * 1000;
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };

const cpu = cpus();
console.log(`host: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}`);

/** A body of `size` characters: `unit` repeated (and cut). */
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const PROSE = [
  '## Why local search matters\n\n',
  'Most people who need a plumber in Hamilton **search first** and _call second_. A [Google Business Profile]',
  '(https://business.google.com/) with photos, hours and reviews puts you in the map pack, where the calls are. ',
  'Use `LocalBusiness` structured data and keep your name, address and phone the same everywhere.\n\n',
  '- Claim and verify the profile\n- Add twenty real photos\n- Ask every happy customer for a review\n\n',
  '| Channel | Leads a month | Cost per lead |\n|:--|--:|--:|\n| Search | 42 | $18 |\n| Social | 17 | $31 |\n\n',
  '> The best time to ask for a review is the moment the job is done.\n\n',
  '1. **Measure.** Count calls and forms.\n2. **Fix.** Start with the page that gets the most visits.\n\n',
  '```\nconst leads = calls + forms;\n```\n\n',
].join('');

/** Pathological Markdown for the parser and the sanitiser, each of the allowed length and nesting. */
const HOSTILE: Record<string, (size: number) => string> = {
  'underscore-a': (n) => fill('_a', n),
  'star-a': (n) => fill('*a', n),
  'star-a-underscore': (n) => fill('*a_', n),
  brackets: (n) => fill('[', n),
  'bracket-star': (n) => fill('[*', n),
  backticks: (n) => fill('`a', n),
  'link-refs': (n) => {
    const refs = Math.floor(n / 40);
    const defs = Array.from({ length: refs }, (_, i) => `[r${i}]: https://example.org/${i}`).join('\n');
    return `${defs}\n\n${Array.from({ length: refs }, (_, i) => `[r${i}]`).join(' ')}`.slice(0, n);
  },
  'wide-table': (n) => {
    const cols = Math.floor(n / 12);
    return `${'|a'.repeat(cols)}|\n${'|-'.repeat(cols)}|\n${'|a'.repeat(cols)}|`;
  },
  'nested-lists': (n) =>
    fill(`${Array.from({ length: 15 }, (_, i) => `${'  '.repeat(i)}- level ${i} *a* [b](/c)`).join('\n')}\n\n`, n),
  'nested-quotes': (n) => fill(`${'> '.repeat(15)}deep _quote_ text\n\n`, n),
  'less-than': (n) => fill('<', n),
  'email-autolinks': (n) => fill('a@a.nz ', n),
};
const kinds = Object.keys(HOSTILE);

function bodyOf(i: number, size: number): { kind: string; body: string } {
  if (i % 2 === 0) return { kind: 'prose', body: fill(PROSE, size) };
  const kind = kinds[Math.floor(i / 2) % kinds.length]!;
  return { kind, body: HOSTILE[kind]!(size) };
}

const gateway = await startGateway({ LOG_LEVEL: 'error' });
let failed = false;
try {
  const { url } = gateway;
  const cookie = await signInOwner(gateway, 'bench-admin');
  const save = async (slug: string, body: string) => {
    const started = performance.now();
    const res = await fetch(`${url}/api/admin/blog-posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({
        title: `Bench ${slug}`,
        slug,
        excerpt: 'A long post for the content benchmark.',
        body,
        category: 'Bench',
        status: 'published',
      }),
    });
    const ms = performance.now() - started;
    if (res.status !== 201) {
      console.error(`  saving ${slug} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      failed = true;
    }
    return ms;
  };

  // The longest body a post may have, once per kind: what one save costs at most.
  console.log(`\nSaving one 200,000-character post of each kind (the render happens in the save):`);
  const longest: [string, number][] = [];
  for (const kind of ['prose', ...kinds]) {
    const body = kind === 'prose' ? fill(PROSE, 200_000) : HOSTILE[kind]!(200_000);
    longest.push([kind, await save(`longest-${kind}`, body)]);
  }
  for (const [kind, ms] of longest) console.log(`  ${kind.padEnd(20)} ${ms.toFixed(0).padStart(6)} ms`);
  // Those are not part of what the list shows below.
  const listed = (await (
    await fetch(`${url}/api/admin/blog-posts?page=1&pageSize=100`, { headers: { cookie } })
  ).json()) as {
    items: { id: number; slug: string }[];
  };
  for (const post of listed.items)
    await fetch(`${url}/api/admin/blog-posts/${post.id}`, { method: 'DELETE', headers: { origin: url, cookie } });

  console.log(`\nSaving ${POSTS} posts of ${SIZE.toLocaleString('en-NZ')} characters (half prose, half pathological):`);
  const saves: number[] = [];
  let hostileSlug = '';
  for (let i = 0; i < POSTS; i++) {
    const { kind, body } = bodyOf(i, SIZE);
    const slug = `bench-${i}-${kind}`;
    if (kind === 'underscore-a') hostileSlug = slug;
    saves.push(await save(slug, body));
  }
  const sorted = [...saves].sort((a, b) => a - b);
  console.log(
    `  per save: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms`,
  );

  const sizes = async (path: string) => {
    const plain = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    // fetch decodes the body; its Content-Length is the size sent.
    const packed = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br' } });
    const brKb = Number(packed.headers.get('content-length') ?? 0) / 1e3;
    await packed.arrayBuffer();
    return { status: plain.status, text, mb: text.length / 1e6, brKb };
  };
  const list = await sizes('/api/blog-posts');
  const page = JSON.parse(list.text) as { items: unknown[]; total: number };
  const blog = await sizes('/blog');
  console.log(
    `  GET /api/blog-posts: ${page.items.length} of ${page.total} posts, ${list.mb.toFixed(1)} MB (${list.brKb.toFixed(0)} KB brotli); /blog: ${blog.mb.toFixed(1)} MB (${blog.brKb.toFixed(0)} KB brotli)`,
  );
  if (page.total !== POSTS || blog.status !== 200) failed = true;

  // As a browser asks: with brotli (every current browser sends it).
  const br = { headers: { 'accept-encoding': 'br' } };
  const runs: LoadFigures[] = [];
  // The floor on this host right now: a small static file, same gateway.
  runs.push(await load('GET /robots.txt (reference)', `${url}/robots.txt`, options, br));
  runs.push(await load('GET /api/blog-posts', `${url}/api/blog-posts`, options, br));
  runs.push(await load('GET /api/blog-posts?page=2', `${url}/api/blog-posts?page=2`, options, br));
  runs.push(await load(`GET /api/blog-posts/${hostileSlug}`, `${url}/api/blog-posts/${hostileSlug}`, options, br));
  runs.push(await load('GET /blog', `${url}/blog`, options, br));
  runs.push(await load('GET /api/blog-posts (no compression)', `${url}/api/blog-posts`, options));
  console.log(`\n${options.connections} connections, ${options.seconds} s each`);
  printFigures(runs);
  for (const run of runs.slice(1)) {
    console.log(
      `  ${run.label.padEnd(40)} p99 ${String(run.p99).padStart(4)} ms   (target p99 <= 20 ms: ${run.p99 <= 20 ? 'met' : 'NOT met'})`,
    );
    if (run.non2xx > 0 || run.errors > 0) failed = true;
  }
} finally {
  await gateway.stop();
}
if (failed) process.exitCode = 1;
