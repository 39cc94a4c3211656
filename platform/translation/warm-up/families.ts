import { list, real, ref, type StepWriter } from '../writers/step-writer';

/** What the IFC2X3 warm-up model's families are written with. */
export interface FamilyContext {
  w: StepWriter;
  body: number;
  plan: number;
  origin: number;
  history: string;
  g: (seed: string) => string;
  point: (x: number, y: number, z: number) => number;
  dir: (x: number, y: number, z: number) => number;
}

/**
 * A door, a window and a railing on a storey, as Revit exports its families to IFC2X3: each type's
 * geometry once in representation maps (a body, and a plan of the door's swing as a trimmed circle
 * among polylines), a window frame extruded from a profile with a void, round balusters and a round
 * handrail extruded from circle profiles. web-ifc takes each of these down paths of its own.
 */
export function revitFamilies(
  { w, body, plan, origin, history, g, point, dir }: FamilyContext,
  storeyPlacement: number,
  level: number,
): number[] {
  const point2 = (x: number, y: number) => w.add('IFCCARTESIANPOINT', list([real(x), real(y)]));
  const placed = (x: number, y: number, z: number, axis = dir(0, 0, 1), across = dir(1, 0, 0)) =>
    w.add('IFCAXIS2PLACEMENT3D', ref(point(x, y, z)), ref(axis), ref(across));
  const polyline = (corners: [number, number][]) =>
    w.add('IFCPOLYLINE', list(corners.map(([x, y]) => ref(point2(x, y)))));
  const closed = (corners: [number, number][]) => polyline([...corners, corners[0]!]);
  const rectangle = (x0: number, y0: number, x1: number, y1: number) =>
    closed([
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ]);
  const extrude = (profile: number, position: number, depth: number) =>
    w.add('IFCEXTRUDEDAREASOLID', ref(profile), ref(position), ref(dir(0, 0, 1)), real(depth));
  const representation = (context: number, identifier: string, kind: string, items: number[]) =>
    w.add('IFCSHAPEREPRESENTATION', ref(context), `'${identifier}'`, `'${kind}'`, list(items.map(ref)));
  const mapped = (map: number) =>
    w.add(
      'IFCMAPPEDITEM',
      ref(map),
      ref(w.add('IFCCARTESIANTRANSFORMATIONOPERATOR3D', '$', '$', ref(point(0, 0, 0)), real(1), '$')),
    );
  const family = (representations: [number, string, number[]][]) =>
    w.add(
      'IFCPRODUCTDEFINITIONSHAPE',
      '$',
      '$',
      list(
        representations.map(([context, identifier, items]) => {
          const map = w.add(
            'IFCREPRESENTATIONMAP',
            ref(origin),
            ref(representation(context, identifier, context === plan ? 'GeometricSet' : 'SweptSolid', items)),
          );
          return ref(representation(context, identifier, 'MappedRepresentation', [mapped(map)]));
        }),
      ),
    );
  const local = (x: number, y: number) => w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(placed(x, y, 0)));
  const upright = (x: number) => placed(x, 0, 0, dir(0, 1, 0), dir(1, 0, 0));

  const swing = w.add(
    'IFCTRIMMEDCURVE',
    ref(w.add('IFCCIRCLE', ref(w.add('IFCAXIS2PLACEMENT2D', ref(point2(0, 0)), '$')), real(900))),
    list(['IFCPARAMETERVALUE(0.)']),
    list(['IFCPARAMETERVALUE(90.)']),
    '.T.',
    '.PARAMETER.',
  );
  const doorShape = family([
    [
      body,
      'Body',
      [
        extrude(
          w.add(
            'IFCRECTANGLEPROFILEDEF',
            '.AREA.',
            '$',
            ref(w.add('IFCAXIS2PLACEMENT2D', ref(point2(450, 25)), '$')),
            real(900),
            real(50),
          ),
          placed(0, 0, 0),
          2100,
        ),
      ],
    ],
    [
      plan,
      'Plan',
      [
        w.add(
          'IFCGEOMETRICSET',
          list([
            ref(swing),
            ref(
              polyline([
                [0, 0],
                [0, 900],
              ]),
            ),
            ref(
              polyline([
                [0, 0],
                [900, 0],
              ]),
            ),
          ]),
        ),
      ],
    ],
  ]);
  const door = w.add(
    'IFCDOOR',
    g(`door-${level}`),
    history,
    `'M_Single-Flush:0915 x 2134mm:${level}'`,
    '$',
    "'0915 x 2134mm'",
    ref(local(1000, -2000)),
    ref(doorShape),
    `'${level}'`,
    real(2100),
    real(900),
  );

  const frameProfile = w.add(
    'IFCARBITRARYPROFILEDEFWITHVOIDS',
    '.AREA.',
    '$',
    ref(rectangle(0, 0, 1200, 1400)),
    list([ref(rectangle(60, 60, 1140, 1340))]),
  );
  const glass = w.add(
    'IFCRECTANGLEPROFILEDEF',
    '.AREA.',
    '$',
    ref(w.add('IFCAXIS2PLACEMENT2D', ref(point2(600, 700)), '$')),
    real(1080),
    real(1280),
  );
  const windowShape = family([
    [body, 'Body', [extrude(frameProfile, upright(0), 80), extrude(glass, upright(0), 20)]],
    [
      plan,
      'Plan',
      [
        w.add(
          'IFCGEOMETRICSET',
          list([
            ref(
              polyline([
                [0, 0],
                [1200, 0],
              ]),
            ),
            ref(
              polyline([
                [0, 40],
                [1200, 40],
              ]),
            ),
          ]),
        ),
      ],
    ],
  ]);
  const window = w.add(
    'IFCWINDOW',
    g(`window-${level}`),
    history,
    `'M_Fixed:1200 x 1400mm:${level}'`,
    '$',
    "'1200 x 1400mm'",
    ref(local(3000, 0)),
    ref(windowShape),
    `'${level}'`,
    real(1400),
    real(1200),
  );

  const round = (radius: number) =>
    w.add(
      'IFCCIRCLEPROFILEDEF',
      '.AREA.',
      '$',
      ref(w.add('IFCAXIS2PLACEMENT2D', ref(point2(0, 0)), '$')),
      real(radius),
    );
  const balusters = [0, 500, 1000, 1500, 2000].map((x) => extrude(round(15), placed(x, 0, 0), 900));
  const handrail = extrude(round(25), placed(0, 0, 900, dir(1, 0, 0), dir(0, 0, 1)), 2000);
  const railingShape = w.add(
    'IFCPRODUCTDEFINITIONSHAPE',
    '$',
    '$',
    list([ref(representation(body, 'Body', 'SweptSolid', [...balusters, handrail]))]),
  );
  const railing = w.add(
    'IFCRAILING',
    g(`railing-${level}`),
    history,
    `'Railing:900mm Round:${level}'`,
    '$',
    '$',
    ref(local(0, -3000)),
    ref(railingShape),
    '$',
    '.HANDRAIL.',
  );
  return [door, window, railing];
}
