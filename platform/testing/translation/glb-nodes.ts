/** A GLB's nodes as the platform writes them: name, and what their extras say. */
export interface GlbNode {
  name: string;
  dbId: number | undefined;
  hidden: boolean;
}

/** Reads the JSON chunk of a GLB (the header is 12 bytes, then the chunk's length and type). */
export function glbNodes(glb: Uint8Array): GlbNode[] {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as {
    nodes?: Array<{ name?: string; extras?: { dbId?: number; hidden?: boolean } }>;
  };
  return (json.nodes ?? []).map((node) => ({
    name: node.name ?? '',
    dbId: node.extras?.dbId,
    hidden: node.extras?.hidden === true,
  }));
}
