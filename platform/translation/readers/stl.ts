import { TranslationError, type ReadModel } from '../model';
import { malformed, NEUTRAL_GREY, sequentialIndices, zUpToYUp } from './mesh-utils';

const HEADER = 84;
const RECORD = 50;

/**
 * STL, binary or ASCII, as one object named after its `solid` or its file. Our own reader rather than
 * three's: three guesses ASCII for any binary file whose length is off and then parses garbage, while a
 * truncated upload deserves to be told so. STL is Z-up by convention (3D printing), so it is turned Y-up.
 */
export function readStl(bytes: Uint8Array, fileName: string): ReadModel {
  if (bytes.length === 0) throw malformed('STL', 'it is empty.');
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1024)));
  const looksAscii = /^\s*solid\b/.test(head) && /\bfacet\b|\bendsolid\b/.test(head) && !isExactBinary(bytes);
  const { positions, name } = looksAscii ? readAscii(bytes) : readBinary(bytes);
  if (positions.length === 0) throw malformed('STL', 'it holds no triangle.');
  zUpToYUp(positions);
  const objectName = name || fileName.replace(/\.[^.]*$/, '');
  return {
    sourceFormat: looksAscii ? 'STL (ASCII)' : 'STL (binary)',
    objects: [
      {
        dbId: 1,
        name: objectName,
        externalId: objectName,
        category: 'Mesh',
        properties: { 'Identity Data': { Name: objectName, Triangles: positions.length / 9 } },
        meshes: [{ positions, indices: sequentialIndices(positions.length / 3), color: NEUTRAL_GREY }],
      },
    ],
    warnings: [],
  };
}

const isExactBinary = (bytes: Uint8Array) =>
  bytes.length >= HEADER &&
  HEADER + RECORD * new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true) === bytes.length;

function readBinary(bytes: Uint8Array): { positions: Float32Array; name: string } {
  if (bytes.length < HEADER)
    throw malformed(
      'STL',
      `it has ${bytes.length} bytes, fewer than a binary STL's 84-byte header, and is not ASCII STL either.`,
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(80, true);
  const holds = Math.floor((bytes.length - HEADER) / RECORD);
  if (count > holds) {
    throw new TranslationError(
      'TranslationWorker-InvalidSource',
      `The STL file is truncated or is not an STL file: its header announces ${count.toLocaleString('en-US')} triangles, but it holds ${holds.toLocaleString('en-US')}.`,
    );
  }
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    const offset = HEADER + t * RECORD + 12;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = view.getFloat32(offset + k * 4, true);
  }
  return { positions, name: '' };
}

function readAscii(bytes: Uint8Array): { positions: Float32Array; name: string } {
  const text = new TextDecoder('utf-8').decode(bytes);
  const name = /^\s*solid[ \t]+([^\r\n]*)/.exec(text)?.[1]?.trim() ?? '';
  const values: number[] = [];
  const vertex = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g;
  for (let match = vertex.exec(text); match; match = vertex.exec(text)) {
    const xyz = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (xyz.some((value) => !Number.isFinite(value)))
      throw malformed('STL', `a vertex is not three numbers: "${match[0].slice(0, 60)}".`);
    values.push(...xyz);
  }
  if (values.length % 9 !== 0)
    throw malformed('STL', `it is truncated: its last facet has ${(values.length % 9) / 3} of 3 vertices.`);
  return { positions: Float32Array.from(values), name };
}
