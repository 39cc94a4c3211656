import type {
  IArcEntity,
  ICircleEntity,
  IEllipseEntity,
  IEntity,
  ILwpolylineEntity,
  IPoint,
  IPolylineEntity,
  ISplineEntity,
} from 'dxf-parser';
import type { DrawingPath } from '../model';

/** A 2D affine transform [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = [number, number, number, number, number, number];
export const IDENTITY: Affine = [1, 0, 0, 1, 0, 0];

export const apply = (m: Affine, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];
export const compose = (outer: Affine, inner: Affine): Affine => [
  outer[0] * inner[0] + outer[2] * inner[1],
  outer[1] * inner[0] + outer[3] * inner[1],
  outer[0] * inner[2] + outer[2] * inner[3],
  outer[1] * inner[2] + outer[3] * inner[3],
  outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
  outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
];
export const translate = (x: number, y: number): Affine => [1, 0, 0, 1, x, y];
export const rotateScale = (radians: number, sx: number, sy: number): Affine => [
  Math.cos(radians) * sx,
  Math.sin(radians) * sx,
  -Math.sin(radians) * sy,
  Math.cos(radians) * sy,
  0,
  0,
];
/** The arbitrary-axis case that matters in 2D: an entity drawn with its extrusion pointing down is mirrored in x. */
export const MIRROR_X: Affine = [-1, 0, 0, 1, 0, 0];

/** Segments per full turn when approximating arcs, circles and ellipses. */
const SEGMENTS_PER_TURN = 64;

function arcPoints(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  rotation: number,
  start: number,
  end: number,
): Array<[number, number]> {
  let sweep = end - start;
  while (sweep <= 0) sweep += 2 * Math.PI;
  const steps = Math.max(2, Math.ceil((SEGMENTS_PER_TURN * sweep) / (2 * Math.PI)));
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    const t = start + (sweep * i) / steps;
    const x = rx * Math.cos(t);
    const y = ry * Math.sin(t);
    points.push([cx + x * cos - y * sin, cy + x * sin + y * cos]);
  }
  return points;
}

/** The points of a polyline segment with a bulge (tan of a quarter of the arc's angle; 0 = straight). */
function bulgePoints(from: IPoint, to: IPoint, bulge: number): Array<[number, number]> {
  if (!bulge) return [[to.x, to.y]];
  const angle = 4 * Math.atan(bulge);
  const chord = Math.hypot(to.x - from.x, to.y - from.y);
  if (chord === 0) return [[to.x, to.y]];
  const radius = chord / (2 * Math.sin(angle / 2));
  const mid = [(from.x + to.x) / 2, (from.y + to.y) / 2];
  const offset = radius * Math.cos(angle / 2);
  const normal = [-(to.y - from.y) / chord, (to.x - from.x) / chord];
  const centre: [number, number] = [
    (mid[0] as number) + (normal[0] as number) * offset,
    (mid[1] as number) + (normal[1] as number) * offset,
  ];
  const start = Math.atan2(from.y - centre[1], from.x - centre[0]);
  const steps = Math.max(2, Math.ceil((SEGMENTS_PER_TURN * Math.abs(angle)) / (2 * Math.PI)));
  const points: Array<[number, number]> = [];
  for (let i = 1; i <= steps; i++) {
    const t = start + (angle * i) / steps;
    points.push([centre[0] + Math.abs(radius) * Math.cos(t), centre[1] + Math.abs(radius) * Math.sin(t)]);
  }
  return points;
}

function polylinePath(vertices: Array<IPoint & { bulge?: number }>, closed: boolean): DrawingPath {
  const first = vertices[0];
  if (!first) return { points: [], closed };
  const points: Array<[number, number]> = [[first.x, first.y]];
  const count = closed ? vertices.length : vertices.length - 1;
  for (let i = 0; i < count; i++) {
    const from = vertices[i] as IPoint & { bulge?: number };
    const to = vertices[(i + 1) % vertices.length] as IPoint;
    points.push(...bulgePoints(from, to, from.bulge ?? 0));
  }
  // A closed polyline's last point repeats its first: the writer closes it.
  if (closed && points.length > 1) points.pop();
  return { points, closed };
}

/** A B-spline by de Boor's algorithm (weights ignored: dxf-parser does not read them), or its fit points. */
function splinePoints(spline: ISplineEntity): Array<[number, number]> {
  const control = spline.controlPoints ?? [];
  const degree = spline.degreeOfSplineCurve || 3;
  const knots = spline.knotValues ?? [];
  if (control.length <= degree || knots.length !== control.length + degree + 1)
    return (spline.fitPoints ?? control).map((p) => [p.x, p.y]);
  const low = knots[degree] as number;
  const high = knots[control.length] as number;
  const steps = Math.min(400, control.length * 8);
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    const t = low + ((high - low) * i) / steps;
    let span = degree;
    while (span < control.length - 1 && t >= (knots[span + 1] as number)) span++;
    const d = Array.from({ length: degree + 1 }, (_, j) => {
      const p = control[span - degree + j] as IPoint;
      return [p.x, p.y];
    });
    for (let r = 1; r <= degree; r++) {
      for (let j = degree; j >= r; j--) {
        const k = span - degree + j;
        const denominator = (knots[k + degree - r + 1] as number) - (knots[k] as number);
        const alpha = denominator === 0 ? 0 : (t - (knots[k] as number)) / denominator;
        const a = d[j - 1] as number[];
        const b = d[j] as number[];
        d[j] = [
          (1 - alpha) * (a[0] as number) + alpha * (b[0] as number),
          (1 - alpha) * (a[1] as number) + alpha * (b[1] as number),
        ];
      }
    }
    const point = d[degree] as number[];
    points.push([point[0] as number, point[1] as number]);
  }
  return points;
}

/** The paths of one curve-like entity in its own coordinates, or undefined when it draws none. */
export function entityPaths(entity: IEntity): DrawingPath[] | undefined {
  switch (entity.type) {
    case 'LINE': {
      const [a, b] = (entity as unknown as { vertices: IPoint[] }).vertices;
      return a && b
        ? [
            {
              points: [
                [a.x, a.y],
                [b.x, b.y],
              ],
              closed: false,
            },
          ]
        : [];
    }
    case 'LWPOLYLINE': {
      const line = entity as ILwpolylineEntity;
      return [polylinePath(line.vertices ?? [], Boolean(line.shape))];
    }
    case 'POLYLINE': {
      const line = entity as IPolylineEntity;
      return [polylinePath(line.vertices ?? [], Boolean(line.shape))];
    }
    case 'ARC': {
      const arc = entity as IArcEntity;
      return [
        {
          points: arcPoints(arc.center.x, arc.center.y, arc.radius, arc.radius, 0, arc.startAngle, arc.endAngle),
          closed: false,
        },
      ];
    }
    case 'CIRCLE': {
      const circle = entity as ICircleEntity;
      const points = arcPoints(circle.center.x, circle.center.y, circle.radius, circle.radius, 0, 0, 2 * Math.PI);
      points.pop();
      return [{ points, closed: true }];
    }
    case 'ELLIPSE': {
      const ellipse = entity as IEllipseEntity;
      const major = ellipse.majorAxisEndPoint;
      const rx = Math.hypot(major.x, major.y);
      const full =
        Math.abs(ellipse.endAngle - ellipse.startAngle - 2 * Math.PI) < 1e-9 || ellipse.endAngle === ellipse.startAngle;
      const points = arcPoints(
        ellipse.center.x,
        ellipse.center.y,
        rx,
        rx * ellipse.axisRatio,
        Math.atan2(major.y, major.x),
        ellipse.startAngle ?? 0,
        full ? (ellipse.startAngle ?? 0) + 2 * Math.PI : ellipse.endAngle,
      );
      if (full) points.pop();
      return [{ points, closed: full }];
    }
    case 'SPLINE':
      return [{ points: splinePoints(entity as ISplineEntity), closed: Boolean((entity as ISplineEntity).closed) }];
    case 'SOLID':
    case '3DFACE': {
      const corners = (
        (entity as unknown as { points?: IPoint[]; vertices?: IPoint[] }).points ??
        (entity as unknown as { vertices?: IPoint[] }).vertices ??
        []
      ).map((p): [number, number] => [p.x, p.y]);
      // A SOLID lists its corners in Z order (1, 2, 4, 3).
      if (entity.type === 'SOLID' && corners.length === 4)
        corners.splice(2, 2, corners[3] as [number, number], corners[2] as [number, number]);
      return [{ points: corners, closed: true }];
    }
    default:
      return undefined;
  }
}

/** MTEXT without its formatting codes (\P paragraphs, {\fArial;…} fonts, \H heights, stacked fractions). */
export function plainMtext(text: string): string {
  return text
    .replace(/\\P/g, '\n')
    .replace(/\\~/g, ' ')
    .replace(/\\S([^;]*?)[/#^]([^;]*?);/g, '$1/$2')
    .replace(/\\[ACcFfHhQqTWwp][^;\\{}]*;/g, '')
    .replace(/\\[LlOoKkNn]/g, '')
    .replace(/(?<!\\)[{}]/g, '')
    .replace(/\\([\\{}])/g, '$1')
    .replace(/%%[cC]/g, 'Ø')
    .replace(/%%[dD]/g, '°')
    .replace(/%%[pP]/g, '±');
}
