import { list, real, ref, type StepWriter } from '../writers/step-writer';

/** Makes an IFCCARTESIANPOINT and answers its id. */
export type PointMaker = (x: number, y: number, z: number) => number;
type Corner = [number, number, number];

const loop = (w: StepWriter, corners: number[]) => w.add('IFCPOLYLOOP', list(corners.map(ref)));

/** An IFCFACE of an outer polyloop and, where given, inner ones (IFCFACEBOUND): a face with holes. */
function face(w: StepWriter, outer: number[], holes: number[][] = []): number {
  const bounds = [
    w.add('IFCFACEOUTERBOUND', ref(loop(w, outer)), '.T.'),
    ...holes.map((hole) => w.add('IFCFACEBOUND', ref(loop(w, hole)), '.T.')),
  ];
  return w.add('IFCFACE', list(bounds.map(ref)));
}

/** The faces joining two equal loops, one quad per edge: the sides of a prism or of a hole through a plate. */
function sides(w: StepWriter, near: number[], far: number[]): number[] {
  return near.map((corner, index) => {
    const next = (index + 1) % near.length;
    return face(w, [corner, near[next]!, far[next]!, far[index]!]);
  });
}

/** The six faces of an axis-aligned box as IFCFACEs of polyloops. */
export function boxFaces(w: StepWriter, point: PointMaker, x: number, y: number, z: number): number[] {
  const c = [
    [0, 0, 0],
    [x, 0, 0],
    [x, y, 0],
    [0, y, 0],
    [0, 0, z],
    [x, 0, z],
    [x, y, z],
    [0, y, z],
  ].map(([a, b, d]) => point(a!, b!, d!));
  return [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ].map((corners) =>
    face(
      w,
      corners.map((i) => c[i]!),
    ),
  );
}

/**
 * A window frame of two lights as a closed B-rep, as ARCHICAD writes one: its front and back faces
 * each an outer loop with two holes (IFCFACEBOUND), which web-ifc triangulates by another path than
 * faces of one loop.
 */
export function frameFaces(
  w: StepWriter,
  point: PointMaker,
  width: number,
  depth: number,
  height: number,
  bar: number,
): number[] {
  const rectangle = (x0: number, x1: number, z0: number, z1: number): Corner[] => [
    [x0, 0, z0],
    [x1, 0, z0],
    [x1, 0, z1],
    [x0, 0, z1],
  ];
  const at = (corners: Corner[], y: number) => corners.map(([x, , z]) => point(x, y, z));
  const outline = rectangle(0, width, 0, height);
  const lights = [
    rectangle(bar, width / 2 - bar / 2, bar, height - bar),
    rectangle(width / 2 + bar / 2, width - bar, bar, height - bar),
  ];
  const [front, back] = [at(outline, 0), at(outline, depth)];
  const holes = lights.map((light) => ({ front: at(light, 0), back: at(light, depth) }));
  return [
    face(
      w,
      front,
      holes.map((hole) => [...hole.front].reverse()),
    ),
    face(
      w,
      [...back].reverse(),
      holes.map((hole) => hole.back),
    ),
    ...sides(w, front, back),
    ...holes.flatMap((hole) => sides(w, [...hole.front].reverse(), [...hole.back].reverse())),
  ];
}

/**
 * A handrail as a faceted B-rep, as exporters facet one: a round section with a groove along its
 * underside (so its end faces are not convex), two end faces of `segments` corners, a quad per segment.
 */
export function railFaces(
  w: StepWriter,
  point: PointMaker,
  radius: number,
  length: number,
  segments: number,
): number[] {
  const ring = (x: number) =>
    Array.from({ length: segments }, (_, index) => {
      const angle = (2 * Math.PI * index) / segments;
      const groove = Math.abs(angle - 1.5 * Math.PI) < 0.4 ? 0.5 : 1;
      return point(x, groove * radius * Math.cos(angle), groove * radius * Math.sin(angle));
    });
  const [start, end] = [ring(0), ring(length)];
  return [face(w, [...start].reverse()), face(w, end), ...sides(w, start, end)];
}

/**
 * A closed stirrup's centre line in the XY plane, as rebar detailing tools write one: an indexed
 * polycurve of straight legs and three-point arcs at its bent corners (IFC4's IFCINDEXEDPOLYCURVE).
 */
export function stirrupCurve(w: StepWriter, width: number, depth: number, bend: number): number {
  const corners: [number, number, number][] = [
    [width - bend, bend, -90],
    [width - bend, depth - bend, 0],
    [bend, depth - bend, 90],
    [bend, bend, 180],
  ];
  const at = (cx: number, cy: number, degrees: number) => [
    cx + bend * Math.cos((degrees * Math.PI) / 180),
    cy + bend * Math.sin((degrees * Math.PI) / 180),
    0,
  ];
  const points = corners.flatMap(([cx, cy, from]) => [at(cx, cy, from), at(cx, cy, from + 45), at(cx, cy, from + 90)]);
  const segments = corners.flatMap((_, index) => {
    const start = 3 * index + 1;
    return [
      `IFCARCINDEX((${start},${start + 1},${start + 2}))`,
      `IFCLINEINDEX((${start + 2},${((start + 2) % points.length) + 1}))`,
    ];
  });
  const pointList = w.add(
    'IFCCARTESIANPOINTLIST3D',
    list(points.map((xyz) => list(xyz.map((value) => real(Math.round(value * 1000) / 1000))))),
  );
  return w.add('IFCINDEXEDPOLYCURVE', ref(pointList), list(segments), '.F.');
}

/**
 * A round column as an advanced B-rep (IFC4's IFCADVANCEDBREP, as Revit exports curved families):
 * its shaft a B-spline surface closed around, cubic both ways, its ends planes bounded by closed
 * B-spline curves, and a straight seam up the shaft.
 */
export function roundColumnBrep(w: StepWriter, point: PointMaker, radius: number, height: number): number {
  // Cubic and periodic over seven control points (four, and three again): eleven knots, each once.
  const [uniform, once] = [list(Array.from({ length: 11 }, (_, index) => real(index - 7))), list(Array(11).fill('1'))];
  const ring = (z: number, scale = 1) => {
    const corners = [
      [1, 1],
      [-1, 1],
      [-1, -1],
      [1, -1],
    ].map(([x, y]) => point(x! * radius * scale, y! * radius * scale, z));
    return [...corners, ...corners.slice(0, 3)];
  };
  const closedCurve = (z: number) =>
    w.add(
      'IFCBSPLINECURVEWITHKNOTS',
      '3',
      list(ring(z).map(ref)),
      '.UNSPECIFIED.',
      '.T.',
      '.T.',
      once,
      uniform,
      '.UNSPECIFIED.',
    );
  const [bottom, top] = [
    w.add('IFCVERTEXPOINT', ref(point(radius, 0, 0))),
    w.add('IFCVERTEXPOINT', ref(point(radius, 0, height))),
  ];
  const seam = w.add(
    'IFCEDGECURVE',
    ref(bottom),
    ref(top),
    ref(w.add('IFCPOLYLINE', list([ref(point(radius, 0, 0)), ref(point(radius, 0, height))]))),
    '.T.',
  );
  const [foot, head] = [
    w.add('IFCEDGECURVE', ref(bottom), ref(bottom), ref(closedCurve(0)), '.T.'),
    w.add('IFCEDGECURVE', ref(top), ref(top), ref(closedCurve(height)), '.T.'),
  ];
  const edge = (curve: number, sense: boolean) =>
    ref(w.add('IFCORIENTEDEDGE', '*', '*', ref(curve), sense ? '.T.' : '.F.'));
  const bound = (edges: string[]) => ref(w.add('IFCFACEOUTERBOUND', ref(w.add('IFCEDGELOOP', list(edges))), '.T.'));
  const rows = [0, height / 3, (2 * height) / 3, height].map((z, index) =>
    list(ring(z, index === 1 || index === 2 ? 0.9 : 1).map(ref)),
  );
  const shaft = w.add(
    'IFCBSPLINESURFACEWITHKNOTS',
    '3',
    '3',
    list(rows),
    '.UNSPECIFIED.',
    '.F.',
    '.T.',
    '.F.',
    list(['4', '4']),
    once,
    list([real(0), real(height)]),
    uniform,
    '.UNSPECIFIED.',
  );
  const plane = (z: number, up: number) =>
    w.add(
      'IFCPLANE',
      ref(
        w.add(
          'IFCAXIS2PLACEMENT3D',
          ref(point(0, 0, z)),
          ref(w.add('IFCDIRECTION', list([real(0), real(0), real(up)]))),
          '$',
        ),
      ),
    );
  const faces = [
    w.add(
      'IFCADVANCEDFACE',
      list([bound([edge(seam, true), edge(head, true), edge(seam, false), edge(foot, true)])]),
      ref(shaft),
      '.F.',
    ),
    w.add('IFCADVANCEDFACE', list([bound([edge(foot, false)])]), ref(plane(0, -1)), '.T.'),
    w.add('IFCADVANCEDFACE', list([bound([edge(head, true)])]), ref(plane(height, 1)), '.T.'),
  ];
  return w.add('IFCADVANCEDBREP', ref(w.add('IFCCLOSEDSHELL', list(faces.map(ref)))));
}
