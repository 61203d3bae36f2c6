// A persistent AVL tree: an update copies only the path from the root to the
// changed key (O(log n) new nodes) and shares every other node with the tree
// it came from, so an older bridge state stays valid and cheap after newer
// ones are made from it.

/** A key the tree orders with `<`: envelope and session ids, or insertion numbers. */
export type TreeKey = string | number;

/** One node. Never changed once made, which is what makes sharing safe. */
export interface TreeNode<K extends TreeKey, V> {
  readonly key: K;
  readonly value: V;
  readonly left: Tree<K, V>;
  readonly right: Tree<K, V>;
  /** Nodes on the longest path down from here, this one included. */
  readonly height: number;
}

/** A tree, `undefined` when empty. */
export type Tree<K extends TreeKey, V> = TreeNode<K, V> | undefined;

function heightOf<K extends TreeKey, V>(tree: Tree<K, V>): number {
  return tree === undefined ? 0 : tree.height;
}

function node<K extends TreeKey, V>(key: K, value: V, left: Tree<K, V>, right: Tree<K, V>): TreeNode<K, V> {
  return { key, value, left, right, height: 1 + Math.max(heightOf(left), heightOf(right)) };
}

/** A node for `key` over `left` and `right`, rotated when their heights differ by two (the AVL rule). */
function balanced<K extends TreeKey, V>(key: K, value: V, left: Tree<K, V>, right: Tree<K, V>): TreeNode<K, V> {
  const lean = heightOf(left) - heightOf(right);
  if (lean > 1 && left !== undefined) {
    const inner = left.right;
    if (heightOf(left.left) >= heightOf(inner) || inner === undefined) return node(left.key, left.value, left.left, node(key, value, inner, right));
    return node(inner.key, inner.value, node(left.key, left.value, left.left, inner.left), node(key, value, inner.right, right));
  }
  if (lean < -1 && right !== undefined) {
    const inner = right.left;
    if (heightOf(right.right) >= heightOf(inner) || inner === undefined) return node(right.key, right.value, node(key, value, left, inner), right.right);
    return node(inner.key, inner.value, node(key, value, left, inner.left), node(right.key, right.value, inner.right, right.right));
  }
  return node(key, value, left, right);
}

/** The value at `key`, or `undefined`. */
export function lookup<K extends TreeKey, V>(tree: Tree<K, V>, key: K): V | undefined {
  let at = tree;
  while (at !== undefined) {
    if (key === at.key) return at.value;
    at = key < at.key ? at.left : at.right;
  }
  return undefined;
}

/** The tree with `key` set to `value`. */
export function withEntry<K extends TreeKey, V>(tree: Tree<K, V>, key: K, value: V): TreeNode<K, V> {
  if (tree === undefined) return node(key, value, undefined, undefined);
  if (key < tree.key) return balanced(tree.key, tree.value, withEntry(tree.left, key, value), tree.right);
  if (key > tree.key) return balanced(tree.key, tree.value, tree.left, withEntry(tree.right, key, value));
  return node(key, value, tree.left, tree.right);
}

/** The smallest entry of a non-empty tree. */
function first<K extends TreeKey, V>(tree: TreeNode<K, V>): TreeNode<K, V> {
  let at = tree;
  while (at.left !== undefined) at = at.left;
  return at;
}

/** The tree without `key`; the same tree when `key` is not in it. */
export function withoutKey<K extends TreeKey, V>(tree: Tree<K, V>, key: K): Tree<K, V> {
  if (tree === undefined) return undefined;
  if (key < tree.key) {
    const left = withoutKey(tree.left, key);
    return left === tree.left ? tree : balanced(tree.key, tree.value, left, tree.right);
  }
  if (key > tree.key) {
    const right = withoutKey(tree.right, key);
    return right === tree.right ? tree : balanced(tree.key, tree.value, tree.left, right);
  }
  if (tree.left === undefined) return tree.right;
  if (tree.right === undefined) return tree.left;
  const successor = first(tree.right);
  return balanced(successor.key, successor.value, tree.left, withoutKey(tree.right, successor.key));
}

/** Every value in key order (iterative, so no depth limit applies). */
export function valuesOf<K extends TreeKey, V>(tree: Tree<K, V>): V[] {
  const values: V[] = [];
  const path: TreeNode<K, V>[] = [];
  let at = tree;
  while (at !== undefined || path.length > 0) {
    while (at !== undefined) {
      path.push(at);
      at = at.left;
    }
    const next = path.pop();
    if (next === undefined) break;
    values.push(next.value);
    at = next.right;
  }
  return values;
}
