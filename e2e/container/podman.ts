/**
 * Podman as this machine runs it (STACK.md, "Containers"): the runc runtime,
 * cgroupfs, no default ulimits (a containers.conf pointed to by
 * CONTAINERS_CONF) and host networking. No registry is reachable, so the
 * base image is built here: a debootstrap of Debian bookworm from the
 * configured Debian mirror, plus the Node binary and npm running this test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CONTAINERS_CONF = `[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
`;

const confDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-podman-'));
const confFile = path.join(confDir, 'containers.conf');
writeFileSync(confFile, CONTAINERS_CONF);
process.once('exit', () => rmSync(confDir, { recursive: true, force: true }));
const podmanEnv = { ...process.env, CONTAINERS_CONF: confFile };

const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs podman, runc and debootstrap with apt-get when missing (as root, like scripts/test.mjs does for PostgreSQL). */
export function ensureTools(): void {
  const missing = ['podman', 'runc', 'debootstrap'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0);
  if (missing.length === 0) return;
  if (!isRoot) throw new Error(`${missing.join(', ')} missing: apt-get install -y podman runc debootstrap`);
  const install = spawnSync('apt-get', ['install', '-y', 'podman', 'runc', 'debootstrap'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install.status !== 0) throw new Error('apt-get install podman runc debootstrap failed');
}

/** Runs podman and returns its standard output; throws with its output on a non-zero exit. */
export function podman(args: string[], options: { input?: Buffer } = {}): string {
  const result = spawnSync('podman', args, { env: podmanEnv, input: options.input, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`podman ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout.toString();
}

/** Runs podman with its output streamed to ours (the long steps: builds); resolves on success. */
export function podmanStreamed(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, { env: podmanEnv, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`podman ${args.join(' ')} exited ${code}`))));
  });
}

export function imageExists(name: string): boolean {
  return spawnSync('podman', ['image', 'exists', name], { env: podmanEnv }).status === 0;
}

/** The Debian mirror apt uses here (the first URIs of a deb822 source, or the first deb line). */
function debianMirror(): string {
  const files = ['/etc/apt/sources.list', ...(existsSync('/etc/apt/sources.list.d') ? readdirSync('/etc/apt/sources.list.d').map((f) => path.join('/etc/apt/sources.list.d', f)) : [])];
  for (const file of files.filter((f) => /\.(list|sources)$/.test(f) && existsSync(f))) {
    const text = readFileSync(file, 'utf8');
    const uri = /^URIs:\s*(\S*\/debian)\s*$/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S*\/debian)\s+bookworm\b/m.exec(text)?.[1];
    if (uri) return uri;
  }
  return 'http://deb.debian.org/debian';
}

/**
 * The base image: Debian bookworm (minbase) with this process's Node binary
 * and its npm, named after the Node version so a new Node builds a new base.
 * Built once per machine; later runs reuse it.
 */
export function ensureBaseImage(): string {
  const name = `localhost/encuestas-base:bookworm-node${process.version}`;
  if (imageExists(name)) return name;
  const root = mkdtempSync(path.join(os.tmpdir(), 'encuestas-rootfs-'));
  try {
    const debootstrap = spawnSync('debootstrap', ['--variant=minbase', 'bookworm', root, debianMirror()], { stdio: 'inherit' });
    if (debootstrap.status !== 0) throw new Error('debootstrap of Debian bookworm failed');
    copyFileSync(process.execPath, path.join(root, 'usr/local/bin/node'));
    // npm ships beside the Node binary: <prefix>/lib/node_modules/npm.
    const npmDir = path.join(path.dirname(path.dirname(process.execPath)), 'lib/node_modules/npm');
    if (!existsSync(npmDir)) throw new Error(`npm not found at ${npmDir}`);
    mkdirSync(path.join(root, 'usr/local/lib/node_modules'), { recursive: true });
    cpSync(npmDir, path.join(root, 'usr/local/lib/node_modules/npm'), { recursive: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'usr/local/bin/npx'));
    // This machine's trust store (it may hold the CA of a proxy on the way to the npm registry): the
    // official image has Debian's ca-certificates; minbase has none.
    const trust = existsSync(CA_BUNDLE);
    if (trust) {
      mkdirSync(path.join(root, 'etc/ssl/certs'), { recursive: true });
      copyFileSync(CA_BUNDLE, path.join(root, CA_BUNDLE));
    }
    // As the slim Debian images do: no package lists, downloaded packages, manuals or translations.
    for (const folder of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man', 'usr/share/locale', 'usr/share/info'])
      for (const entry of readdirSync(path.join(root, folder))) if (entry !== 'partial' && entry !== 'lock') rmSync(path.join(root, folder, entry), { recursive: true, force: true });
    const tarball = spawnSync('tar', ['-C', root, '--numeric-owner', '-c', '.'], { maxBuffer: 2 * 1024 * 1024 * 1024 });
    if (tarball.status !== 0) throw new Error(`tar of the root file system failed: ${tarball.stderr}`);
    const changes = ['CMD ["node"]', ...(trust ? [`ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`] : [])];
    podman(['import', ...changes.flatMap((change) => ['--change', change]), '-', name], { input: tarball.stdout });
    return name;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
