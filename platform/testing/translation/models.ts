import type { DrawingEntity, ModelObject, ReadModel, Rgba, TriangleMesh } from '../../translation/model';

/**
 * Small models built by hand for the writers' tests and timings: the readers are written in parallel,
 * so the writers are proven on models whose every object, colour and triangle count is known.
 */

/**
 * An axis-aligned box from `min` to `max` (Y up), each face split into `divisions`² quads, with shared
 * corners inside a face and no normals (the writers must compute them).
 */
export function boxMesh(
  min: [number, number, number],
  max: [number, number, number],
  color: Rgba,
  divisions = 1,
): TriangleMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  // Each face: an origin corner and two edge directions whose cross product points outwards.
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const faces: Array<[[number, number, number], [number, number, number], [number, number, number]]> = [
    [
      [x0, y0, z1],
      [x1 - x0, 0, 0],
      [0, y1 - y0, 0],
    ], // +Z
    [
      [x1, y0, z0],
      [x0 - x1, 0, 0],
      [0, y1 - y0, 0],
    ], // −Z
    [
      [x1, y0, z1],
      [0, 0, z0 - z1],
      [0, y1 - y0, 0],
    ], // +X
    [
      [x0, y0, z0],
      [0, 0, z1 - z0],
      [0, y1 - y0, 0],
    ], // −X
    [
      [x0, y1, z1],
      [x1 - x0, 0, 0],
      [0, 0, z0 - z1],
    ], // +Y
    [
      [x0, y0, z0],
      [x1 - x0, 0, 0],
      [0, 0, z1 - z0],
    ], // −Y
  ];
  for (const [origin, u, v] of faces) {
    const base = positions.length / 3;
    for (let j = 0; j <= divisions; j++) {
      for (let i = 0; i <= divisions; i++) {
        const s = i / divisions,
          t = j / divisions;
        positions.push(
          origin[0] + u[0] * s + v[0] * t,
          origin[1] + u[1] * s + v[1] * t,
          origin[2] + u[2] * s + v[2] * t,
        );
      }
    }
    const row = divisions + 1;
    for (let j = 0; j < divisions; j++) {
      for (let i = 0; i < divisions; i++) {
        const a = base + j * row + i;
        indices.push(a, a + 1, a + row + 1, a, a + row + 1, a + row);
      }
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), color };
}

const RED: Rgba = [0.8, 0.2, 0.2, 1];
const GREY: Rgba = [0.6, 0.6, 0.6, 1];
const GLASS: Rgba = [0.5, 0.7, 0.9, 0.4];

const object = (
  dbId: number,
  name: string,
  category: string,
  parent: number | undefined,
  meshes: TriangleMesh[] = [],
): ModelObject => ({
  dbId,
  ...(parent === undefined ? {} : { parent }),
  name,
  externalId: `ext-${dbId}`,
  category,
  properties: { Identity: { Name: name, Category: category }, Dimensions: { Volume: `${dbId}.000 m³` } },
  meshes,
});

/** A two-storey building: 5 objects with meshes (12 triangles each), one of them glass, under two levels. */
export function smallBuilding(): ReadModel {
  return {
    sourceFormat: 'TEST',
    objects: [
      object(1, 'Project', 'Project', undefined),
      object(2, 'Ground floor', 'Level', 1),
      object(3, 'First floor', 'Level', 1),
      object(4, 'Slab', 'Floor', 2, [boxMesh([0, -0.2, 0], [6, 0, 4], GREY)]),
      object(5, 'Wall A', 'Wall', 2, [boxMesh([0, 0, 0], [6, 3, 0.3], RED)]),
      object(6, 'Wall/B "north"', 'Wall', 3, [boxMesh([0, 3, 3.7], [6, 6, 4], RED)]),
      object(7, 'Window', 'Window', 3, [boxMesh([2, 4, 3.75], [3, 5, 3.95], GLASS)]),
      object(8, 'Roof', 'Roof', 1, [boxMesh([0, 6, 0], [6, 6.3, 4], GREY)]),
    ],
    levels: [
      { dbId: 2, name: 'Ground floor', elevationMetres: 0 },
      { dbId: 3, name: 'First floor', elevationMetres: 3 },
    ],
    warnings: [],
  };
}

/** About 52k triangles: 120 boxes of 432 triangles each on three levels, for timings. */
export function largeBuilding(): ReadModel {
  const objects: ModelObject[] = [object(1, 'Project', 'Project', undefined)];
  const levels = [0, 1, 2].map((index) => ({ dbId: 2 + index, name: `Level ${index}`, elevationMetres: index * 3 }));
  for (const level of levels) objects.push(object(level.dbId, level.name, 'Level', 1));
  for (let i = 0; i < 120; i++) {
    const level = levels[i % 3]!;
    const x = (i % 10) * 2,
      z = Math.floor(i / 30) * 2,
      y = level.elevationMetres;
    const color: Rgba = [(i % 7) / 7, 0.5, 1 - (i % 5) / 5, 1];
    objects.push(
      object(10 + i, `Box ${i}`, 'Box', level.dbId, [boxMesh([x, y, z], [x + 1.5, y + 2.5, z + 1.5], color, 6)]),
    );
  }
  return { sourceFormat: 'TEST', objects, levels, warnings: [] };
}

/** A 2D drawing in millimetres: two layers, a line, an arc as a polyline, a closed rectangle and a text. */
export function smallDrawing(): ReadModel {
  const arc: Array<[number, number]> = [];
  for (let i = 0; i <= 16; i++)
    arc.push([500 + 300 * Math.cos((Math.PI * i) / 16), 400 + 300 * Math.sin((Math.PI * i) / 16)]);
  const entities: DrawingEntity[] = [
    {
      dbId: 4,
      layer: 'Walls',
      color: [1, 0, 0, 1],
      paths: [
        {
          points: [
            [0, 100],
            [1000, 100],
          ],
          closed: false,
        },
      ],
      texts: [],
    },
    { dbId: 5, layer: 'Walls', color: [0, 0, 1, 1], paths: [{ points: arc, closed: false }], texts: [] },
    {
      dbId: 6,
      layer: 'Walls',
      color: [1, 1, 1, 1],
      paths: [
        {
          points: [
            [0, 0],
            [1000, 0],
            [1000, 800],
            [0, 800],
          ],
          closed: true,
        },
      ],
      texts: [],
    },
    {
      dbId: 7,
      layer: 'Notes',
      color: [0, 0.5, 0, 1],
      paths: [],
      texts: [{ at: [100, 700], height: 50, rotationDegrees: 0, text: 'Plan – Ground floor' }],
    },
  ];
  return {
    sourceFormat: 'DXF',
    objects: [
      object(1, 'Drawing', 'Drawing', undefined),
      object(2, 'Walls', 'Layer', 1),
      object(3, 'Notes', 'Layer', 1),
      object(4, 'Line', 'LINE', 2),
      object(5, 'Arc', 'ARC', 2),
      object(6, 'Frame', 'LWPOLYLINE', 2),
      object(7, 'Title', 'TEXT', 3),
    ],
    drawing: { unitMetres: 0.001, entities },
    warnings: [],
  };
}
