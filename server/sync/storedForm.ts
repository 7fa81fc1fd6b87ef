import type { SyncField, SyncItem } from '../../src/kernel/sync/syncItem';

/*
 * Items as the server keeps them. PostgreSQL's jsonb keeps object keys in an
 * order of its own, so a value read back is not the string a device sent;
 * the server puts every value into one key order (sorted) on the way in and
 * on the way out, so "did this push change anything" compares like with like
 * and a device's repeated push of the same item never counts as a change.
 *
 * jsonb also cannot hold two kinds of text a device may have: the NUL
 * character (a pasted PDF can bring one) and half of a surrogate pair. Such
 * an item is refused with a sentence rather than failing deep in the
 * database.
 */

// A NUL, a high surrogate with no low one after it, or a low surrogate with no high one before it.
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

class UnstorableText extends Error {}

function canonicalValue(value: unknown): unknown {
  if (typeof value === 'string') {
    if (UNSTORABLE_TEXT.test(value)) throw new UnstorableText();
    return value;
  }
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (typeof value === 'object' && value !== null) {
    // Object.fromEntries defines own properties, so a key named "__proto__" stays a key.
    const keys = Object.keys(value).sort();
    return Object.fromEntries(
      keys.map((key) => {
        if (UNSTORABLE_TEXT.test(key)) throw new UnstorableText();
        return [key, canonicalValue((value as Record<string, unknown>)[key])];
      }),
    );
  }
  return value;
}

function canonicalFields(fields: Record<string, SyncField>): Record<string, SyncField> {
  return canonicalValue(fields) as Record<string, SyncField>;
}

export type Canonical = { ok: true; items: SyncItem[] } | { ok: false; message: string };

/**
 * A push's items in the stored form, one per collection and id (two versions
 * of one item in a push are merged by the caller), or a sentence naming the
 * first item the database could not hold.
 */
export function canonicalItems(items: readonly SyncItem[]): Canonical {
  const out: SyncItem[] = [];
  for (const [index, item] of items.entries()) {
    try {
      if (UNSTORABLE_TEXT.test(item.id)) throw new UnstorableText();
      out.push({ c: item.c, id: item.id, f: canonicalFields(item.f), ...(item.d !== undefined ? { d: item.d } : {}) });
    } catch (error) {
      if (!(error instanceof UnstorableText)) throw error;
      return {
        ok: false,
        message: `Item ${index + 1} (${item.c} "${item.id.slice(0, 40)}") holds a character the server cannot store (an empty NUL character or half of an emoji). Remove it and try again.`,
      };
    }
  }
  return { ok: true, items: out };
}

/** One stored row as an item of the wire's shape. */
export function itemFromRow(row: { collection: string; item_id: string; fields: unknown; deleted: string | null }): SyncItem {
  const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as unknown) : row.fields;
  const f = canonicalFields((fields ?? {}) as Record<string, SyncField>);
  return { c: row.collection, id: row.item_id, f, ...(row.deleted !== null ? { d: row.deleted } : {}) };
}

/** The key that tells items apart within one person's data. */
export function itemKey(item: { c: string; id: string }): string {
  // A collection name has no spaces (syncItem.ts), so the first space ends it.
  return `${item.c} ${item.id}`;
}
