/** Small meshes made by our own code for the demo files: named boxes as OBJ, a torus as binary STL. */

export interface Mesh {
  name: string;
  positions: [number, number, number][];
  /** Triangles as indices into `positions`, counter-clockwise seen from outside. */
  triangles: [number, number, number][];
}

export function box(name: string, min: [number, number, number], max: [number, number, number]): Mesh {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const positions: [number, number, number][] = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ] as const;
  const triangles = quads.flatMap(
    ([a, b, c, d]) =>
      [
        [a, b, c],
        [a, c, d],
      ] as [number, number, number][],
  );
  return { name, positions, triangles };
}

export function torus(name: string, major: number, minor: number, segments = 48, sides = 24): Mesh {
  const positions: [number, number, number][] = [];
  for (let i = 0; i < segments; i++) {
    const u = (i / segments) * Math.PI * 2;
    for (let j = 0; j < sides; j++) {
      const v = (j / sides) * Math.PI * 2;
      const r = major + minor * Math.cos(v);
      positions.push([r * Math.cos(u), r * Math.sin(u), minor * Math.sin(v)]);
    }
  }
  const triangles: [number, number, number][] = [];
  for (let i = 0; i < segments; i++) {
    for (let j = 0; j < sides; j++) {
      const a = i * sides + j;
      const b = ((i + 1) % segments) * sides + j;
      const c = ((i + 1) % segments) * sides + ((j + 1) % sides);
      const d = i * sides + ((j + 1) % sides);
      triangles.push([a, b, c], [a, c, d]);
    }
  }
  return { name, positions, triangles };
}

/** Wavefront OBJ with one named object per mesh. */
export function toObj(meshes: readonly Mesh[], comment: string): string {
  const lines = [`# ${comment}`, '# Made by Design Data Manager'];
  let offset = 1;
  for (const mesh of meshes) {
    lines.push(`o ${mesh.name}`);
    for (const [x, y, z] of mesh.positions) lines.push(`v ${x} ${y} ${z}`);
    for (const [a, b, c] of mesh.triangles) lines.push(`f ${a + offset} ${b + offset} ${c + offset}`);
    offset += mesh.positions.length;
  }
  return `${lines.join('\n')}\n`;
}

/** Binary STL: an 80-byte header, a count, then 50 bytes per triangle with its normal. */
export function toBinaryStl(meshes: readonly Mesh[], header: string): Buffer {
  const count = meshes.reduce((sum, mesh) => sum + mesh.triangles.length, 0);
  const out = Buffer.alloc(84 + count * 50);
  out.write(header.slice(0, 79), 0, 'ascii');
  out.writeUInt32LE(count, 80);
  let at = 84;
  for (const mesh of meshes) {
    for (const triangle of mesh.triangles) {
      const [a, b, c] = triangle.map((index) => mesh.positions[index]!) as [
        [number, number, number],
        [number, number, number],
        [number, number, number],
      ];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
      const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
      for (const value of [...n.map((x) => x / length), ...a, ...b, ...c]) {
        out.writeFloatLE(value, at);
        at += 4;
      }
      out.writeUInt16LE(0, at);
      at += 2;
    }
  }
  return out;
}

/** A table as named parts: what the demo's OBJ file holds. */
export function demoTableObj(): string {
  const legs = [
    [0, 0],
    [1.5, 0],
    [1.5, 0.8],
    [0, 0.8],
  ].map(([x, y], n) => box(`Leg ${n + 1}`, [x!, y!, 0], [x! + 0.06, y! + 0.06, 0.72]));
  return toObj(
    [box('Tabletop', [-0.02, -0.02, 0.72], [1.58, 0.88, 0.76]), ...legs],
    'Demo table: a top and four legs, in metres',
  );
}

export const demoRingStl = (): Buffer =>
  toBinaryStl([torus('Ring', 20, 6)], 'Demo ring: a torus, 20 mm radius, made by Design Data Manager');
