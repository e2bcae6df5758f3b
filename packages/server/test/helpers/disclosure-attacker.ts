/**
 * The report reader's arithmetic (issue 17, docs/privacy.md "Small groups and
 * arithmetic"): given every figure the platform showed, which groups of fewer
 * than MIN_GROUP_SIZE responses can be read by adding and subtracting them?
 *
 * A *cell* is one figure-bearing thing a report showed (an overview, a plan's
 * row, a teacher, a class, a date range, a school at a campus…) together with
 * the published responses behind it, which the test knows from the database
 * (the attacker does not need to: this only makes the attacker stronger).
 * Withheld cells carry no answer figures and are left out; counts of
 * responses are never secret.
 *
 * What the attacker can reach:
 *  - a shown cell itself;
 *  - a shown cell minus a shown cell inside it (a range minus a range one day
 *    shorter, an all-campus report minus a campus, a report before a publish
 *    minus the same after it…);
 *  - a shown cell minus the shown cells of one family inside it (a campus minus
 *    its plans, a plan minus its groups, a teacher minus their classes, a
 *    campus minus its schools);
 *  - any group of responses that every shown cell either holds whole or not at
 *    all (an *atom*) and that lies in the span of the shown cells (any sum and
 *    difference of them, found by elimination), alone or with one other small atom.
 * Each reachable group of 1 to MIN_GROUP_SIZE − 1 responses is a finding.
 */

export interface ObservedCell {
  /** What showed it, for the finding's message: endpoint, scope, row. */
  label: string;
  /** Cells of one family inside one parent are disjoint (the rows of one breakdown): used for parent minus children. */
  family: string;
  /** A block of responses the cell belongs to (the survey type): cells of different blocks never mix. */
  block: string;
  /** Published responses behind the cell, by id, when it was read. */
  members: ReadonlySet<string>;
}

export interface Finding {
  how: string;
  size: number;
  cells: string[];
}

export interface AttackSummary {
  cells: number;
  atoms: number;
  smallAtoms: number;
  pathsTried: number;
  findings: Finding[];
}

const isSubset = (inner: ReadonlySet<string>, outer: ReadonlySet<string>) => inner.size <= outer.size && [...inner].every((id) => outer.has(id));

/** A prime below 2^26, so products stay exact in a double: elimination over GF(p) finds rational span membership except with odds of about 1/p. */
const P = 67_108_859;
const mul = (a: number, b: number) => (a * b) % P;
function inverse(a: number): number {
  let [t, newT, r, newR] = [0, 1, P, a];
  while (newR !== 0) {
    const q = Math.floor(r / newR);
    [t, newT] = [newT, t - q * newT];
    [r, newR] = [newR, r - q * newR];
  }
  return ((t % P) + P) % P;
}

/** Row-reduced basis of 0/1 vectors over GF(p), to test whether a vector lies in their span. */
class Span {
  private readonly rows: { pivot: number; values: number[] }[] = [];
  constructor(private readonly width: number) {}
  private reduce(vector: number[]): number[] {
    const v = [...vector];
    for (const row of this.rows) {
      const factor = v[row.pivot]!;
      if (factor === 0) continue;
      for (let i = 0; i < this.width; i++) if (row.values[i]) v[i] = (((v[i]! - mul(factor, row.values[i]!)) % P) + P) % P;
    }
    return v;
  }
  add(vector: number[]): void {
    const v = this.reduce(vector);
    const pivot = v.findIndex((x) => x !== 0);
    if (pivot < 0) return;
    const scale = inverse(v[pivot]!);
    const values = v.map((x) => mul(x, scale));
    for (const row of this.rows) {
      const factor = row.values[pivot]!;
      if (factor === 0) continue;
      for (let i = 0; i < this.width; i++) if (values[i]) row.values[i] = (((row.values[i]! - mul(factor, values[i]!)) % P) + P) % P;
    }
    this.rows.push({ pivot, values });
  }
  contains(vector: number[]): boolean {
    return this.reduce(vector).every((x) => x === 0);
  }
}

export function attack(observed: readonly ObservedCell[], minGroupSize: number): AttackSummary {
  const findings: Finding[] = [];
  const small = (size: number) => size > 0 && size < minGroupSize;
  let pathsTried = 0;
  let atomCount = 0;
  let smallAtomCount = 0;
  const blocks = new Map<string, ObservedCell[]>();
  for (const cell of observed) {
    if (cell.members.size === 0) continue;
    (blocks.get(cell.block) ?? blocks.set(cell.block, []).get(cell.block)!).push(cell);
  }

  for (const cells of blocks.values()) {
    // The same members read twice (another harvest, another endpoint) are one cell.
    const unique = [...new Map(cells.map((cell) => [[...cell.members].sort().join(','), cell])).values()];

    // A shown cell itself.
    for (const cell of unique) {
      pathsTried++;
      if (small(cell.members.size)) findings.push({ how: 'shown', size: cell.members.size, cells: [cell.label] });
    }

    // One cell minus another inside it.
    for (const outer of unique) {
      for (const inner of unique) {
        if (inner === outer || inner.members.size >= outer.members.size || !isSubset(inner.members, outer.members)) continue;
        pathsTried++;
        const size = outer.members.size - inner.members.size;
        if (small(size)) findings.push({ how: 'difference', size, cells: [outer.label, inner.label] });
      }
    }

    // A cell minus the cells of one family inside it.
    for (const parent of unique) {
      const families = new Map<string, ObservedCell[]>();
      for (const child of cells) {
        if (child.members.size >= parent.members.size || !isSubset(child.members, parent.members)) continue;
        (families.get(child.family) ?? families.set(child.family, []).get(child.family)!).push(child);
      }
      for (const [family, children] of families) {
        const covered = new Set(children.flatMap((child) => [...child.members]));
        pathsTried++;
        const size = parent.members.size - covered.size;
        if (small(size)) findings.push({ how: `minus its ${family}`, size, cells: [parent.label, ...new Set(children.map((c) => c.label))].slice(0, 6) });
      }
    }

    // Atoms, and whether sums and differences of the cells isolate a small one (or two together).
    const signature = new Map<string, string[]>();
    const universe = new Set(unique.flatMap((cell) => [...cell.members]));
    for (const id of universe) {
      const key = unique.map((cell) => (cell.members.has(id) ? '1' : '0')).join('');
      (signature.get(key) ?? signature.set(key, []).get(key)!).push(id);
    }
    const atoms = [...signature.values()];
    atomCount += atoms.length;
    const atomOf = new Map<string, number>();
    atoms.forEach((members, index) => members.forEach((id) => atomOf.set(id, index)));
    const span = new Span(atoms.length);
    for (const cell of unique) {
      const vector = new Array<number>(atoms.length).fill(0);
      for (const id of cell.members) vector[atomOf.get(id)!] = 1;
      span.add(vector);
    }
    const smallAtoms = atoms.map((members, index) => ({ index, size: members.length })).filter((atom) => small(atom.size));
    smallAtomCount += smallAtoms.length;
    const unit = (...indexes: number[]) => {
      const vector = new Array<number>(atoms.length).fill(0);
      for (const index of indexes) vector[index] = 1;
      return vector;
    };
    for (const atom of smallAtoms) {
      pathsTried++;
      if (span.contains(unit(atom.index))) findings.push({ how: 'isolated by sums and differences', size: atom.size, cells: [`atom of ${atom.size}`] });
    }
    for (let i = 0; i < smallAtoms.length; i++) {
      for (let j = i + 1; j < smallAtoms.length; j++) {
        const [a, b] = [smallAtoms[i]!, smallAtoms[j]!];
        if (!small(a.size + b.size)) continue;
        pathsTried++;
        if (span.contains(unit(a.index, b.index))) findings.push({ how: 'two atoms isolated together', size: a.size + b.size, cells: [`atoms of ${a.size} and ${b.size}`] });
      }
    }
  }
  return { cells: observed.length, atoms: atomCount, smallAtoms: smallAtomCount, pathsTried, findings };
}
