/**
 * A separate process for the folder-lock tests: `node --import tsx
 * folder-lock-child.ts <folder> <by>` prints "ready", then on each line of
 * standard input: "lock" tries lockFolder and prints `{"held":true}` or
 * `{"busy":<holder>}`; "release" lets go and prints "released". It ends
 * when its input closes (or when killed, which is the point).
 */
import { createInterface } from 'node:readline';
import { FolderBusyError, lockFolder } from '../../src/db/folder-lock';

const [folder, by] = process.argv.slice(2) as [string, string];
let release: (() => void) | undefined;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line === 'lock') {
    try {
      release = lockFolder(folder, by);
      console.log(JSON.stringify({ held: true }));
    } catch (error) {
      if (!(error instanceof FolderBusyError)) throw error;
      console.log(JSON.stringify({ busy: error.holder }));
    }
  } else if (line === 'release') {
    release?.();
    console.log('released');
  }
});
console.log('ready');
