// MeshToGlb: an STL (binary or ASCII) or OBJ mesh to a GLB, one node per mesh.
// Runs on Local.Mesh+1: node main.mjs <source> <model.glb>
import { readFileSync, writeFileSync } from 'node:fs';
import { Document, NodeIO } from '@gltf-transform/core';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { mergeVertices } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { log, progress } from '@aps-local/da';

const [sourcePath, glbPath] = process.argv.slice(2);
const bytes = readFileSync(sourcePath);

/** What the file is, from its bytes (a signed URL's file name tells nothing). */
function formatOf(data) {
  const head = data.subarray(0, 512).toString('latin1');
  if (data.length >= 84 && data.readUInt32LE(80) * 50 + 84 === data.length) return 'stl';
  if (/^\s*solid[\s\S]*facet/.test(data.subarray(0, 4096).toString('latin1'))) return 'stl';
  if (/^(v|vn|vt|f|o|g|mtllib|usemtl|#)\s/m.test(head)) return 'obj';
  throw new Error('The source is neither STL nor OBJ.');
}

const format = formatOf(bytes);
const meshes = [];
if (format === 'stl') {
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  meshes.push({ name: 'mesh', geometry: new STLLoader().parse(arrayBuffer) });
} else {
  new OBJLoader().parse(bytes.toString('utf8')).traverse((object) => {
    if (object.isMesh) meshes.push({ name: object.name || `mesh ${meshes.length + 1}`, geometry: object.geometry });
  });
}
progress({ step: 'read', format, meshes: meshes.length });

const document = new Document();
const buffer = document.createBuffer();
const scene = document.createScene('Scene');
let triangles = 0;
for (const { name, geometry } of meshes) {
  // Vertices shared by adjacent triangles are stored once; normals are left out (viewers shade flat).
  geometry.deleteAttribute('normal');
  geometry.deleteAttribute('uv');
  const indexed = mergeVertices(geometry);
  const positions = new Float32Array(indexed.getAttribute('position').array);
  const indices = new Uint32Array(indexed.getIndex().array);
  if (indices.length === 0) continue;
  triangles += indices.length / 3;
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setIndices(document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
  scene.addChild(document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive)));
}
document.getRoot().getAsset().generator = 'MeshToGlb (Local.Mesh+1)';
writeFileSync(glbPath, await new NodeIO().writeBinary(document));
log(`Wrote ${meshes.length} meshes, ${triangles} triangles, from ${format.toUpperCase()} to ${glbPath}.`);
