import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lookup, valuesOf, withEntry, withoutKey, type Tree, type TreeNode } from "../src/persistent-tree.js";

// The bridge's state is three persistent AVL trees, so every operation is
// O(log n): checked here by structure (balance, height, nodes made per
// update), never by time.

function nodesOf<V>(tree: Tree<number, V>): TreeNode<number, V>[] {
  const nodes: TreeNode<number, V>[] = [];
  const stack = tree === undefined ? [] : [tree];
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    nodes.push(at);
    if (at.left !== undefined) stack.push(at.left);
    if (at.right !== undefined) stack.push(at.right);
  }
  return nodes;
}

/** The height of a tree that keeps the AVL rules everywhere (keys in order, children's heights within one, heights right); throws where it does not. */
function checkAvl<V>(tree: Tree<number, V>, low = -Infinity, high = Infinity): number {
  if (tree === undefined) return 0;
  const left = checkAvl(tree.left, low, tree.key);
  const right = checkAvl(tree.right, tree.key, high);
  if (!(tree.key > low && tree.key < high)) throw new Error(`key ${tree.key} out of order`);
  if (Math.abs(left - right) > 1) throw new Error(`unbalanced at ${tree.key}`);
  if (tree.height !== 1 + Math.max(left, right)) throw new Error(`wrong height at ${tree.key}`);
  return tree.height;
}

/** The AVL bound on height: 1.44 log2(n + 2). */
const maxHeight = (size: number): number => Math.floor(1.4405 * Math.log2(size + 2));

const change = fc.oneof(fc.record({ set: fc.integer({ min: 0, max: 200 }), value: fc.string() }), fc.record({ remove: fc.integer({ min: 0, max: 200 }) }));

describe("persistent AVL tree", () => {
  it("behaves like a sorted map, stays balanced, and leaves every earlier tree unchanged", () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 300 }), (changes) => {
        let tree: Tree<number, string> = undefined;
        const model = new Map<number, string>();
        const history: { tree: Tree<number, string>; values: string[] }[] = [];
        for (const step of changes) {
          if ("set" in step) {
            tree = withEntry(tree, step.set, step.value);
            model.set(step.set, step.value);
          } else {
            tree = withoutKey(tree, step.remove);
            model.delete(step.remove);
          }
          const sorted = [...model.entries()].sort(([a], [b]) => a - b);
          expect(valuesOf(tree)).toEqual(sorted.map(([, value]) => value));
          for (const [key, value] of sorted) expect(lookup(tree, key)).toBe(value);
          expect(checkAvl(tree)).toBeLessThanOrEqual(maxHeight(model.size));
          history.push({ tree, values: valuesOf(tree) });
        }
        for (const { tree: earlier, values } of history) expect(valuesOf(earlier)).toEqual(values);
      }),
    );
  });

  it("makes at most one new node per level for an update, and shares every other node", () => {
    let tree: Tree<number, number> = undefined;
    for (let key = 0; key < 16_000; key += 1) tree = withEntry(tree, key, key);
    const height = checkAvl(tree);
    expect(height).toBeLessThanOrEqual(maxHeight(16_000));
    const old = new Set(nodesOf(tree));
    for (const update of [(t: Tree<number, number>) => withEntry(t, 16_000, 0), (t: Tree<number, number>) => withoutKey(t, 7_777), (t: Tree<number, number>) => withEntry(t, 42, -1)]) {
      const made = nodesOf(update(tree)).filter((node) => !old.has(node));
      expect(made.length).toBeLessThanOrEqual(height + 1);
    }
  });

  it("returns the same tree when removing a key it does not hold", () => {
    const tree = withEntry(withEntry(undefined, 1, "a"), 2, "b");
    expect(withoutKey(tree, 3)).toBe(tree);
  });
});
