import { ifcGuid, list, real, ref, StepWriter, str } from '../writers/step-writer';
import { writeProperties } from './properties';
import { boxFaces, frameFaces, railFaces, roundColumnBrep, stirrupCurve } from './shapes';

/**
 * An IFC4 model for a worker's warm-up that takes the engine down the paths real exports take, which
 * the demo house (walls and doors of plain extrusions) does not: millimetre units, walls with openings
 * that windows fill (web-ifc's boolean subtraction), faceted B-reps (window frames with holes in their
 * faces, a handrail of faces with many corners), a clipped extrusion, a gable wall cut by bounded
 * half-spaces, a stirrup swept along arcs, a column whose shaft is a B-spline surface, a mapped item
 * repeated, polyline profiles, colours, a type with its own property set, a material layer set, and
 * properties of every kind the property reader knows (texts with escapes, enumerations, bounded and
 * list values, complex properties, quantities of each measure).
 * web-ifc's WebAssembly functions are compiled at their first call (workers run without Liftoff), so
 * geometry a real building has and this model lacks costs that building's first job their compiling:
 * FZK-Haus's first job compiled 21 functions (24 ms) after a warm-up without the frames, the gable
 * wall and the handrail, and 5 (1 ms) with them.
 */
export function warmUpIfc(storeys: number): string {
  // Spaced as the authoring tools write, or the reader's code first meets that at a person's first job.
  const w = new StepWriter({ spaced: true });
  const g = (seed: string) => str(ifcGuid(`warm-up/${seed}`));
  const point = (x: number, y: number, z: number) => w.add('IFCCARTESIANPOINT', list([real(x), real(y), real(z)]));
  const point2 = (x: number, y: number) => w.add('IFCCARTESIANPOINT', list([real(x), real(y)]));
  const dir = (x: number, y: number, z: number) => w.add('IFCDIRECTION', list([real(x), real(y), real(z)]));
  const zAxis = dir(0, 0, 1);
  const place = (x: number, y: number, z: number) =>
    w.add('IFCAXIS2PLACEMENT3D', ref(point(x, y, z)), ref(zAxis), ref(dir(1, 0, 0)));
  const origin = place(0, 0, 0);
  const context = w.add('IFCGEOMETRICREPRESENTATIONCONTEXT', '$', "'Model'", '3', '1.E-05', ref(origin), '$');
  const body = w.add(
    'IFCGEOMETRICREPRESENTATIONSUBCONTEXT',
    "'Body'",
    "'Model'",
    '*',
    '*',
    '*',
    '*',
    ref(context),
    '$',
    '.MODEL_VIEW.',
    '$',
  );
  const units = [
    w.add('IFCSIUNIT', '*', '.LENGTHUNIT.', '.MILLI.', '.METRE.'),
    w.add('IFCSIUNIT', '*', '.AREAUNIT.', '$', '.SQUARE_METRE.'),
    w.add('IFCSIUNIT', '*', '.VOLUMEUNIT.', '$', '.CUBIC_METRE.'),
    w.add('IFCSIUNIT', '*', '.MASSUNIT.', '.KILO.', '.GRAM.'),
    w.add('IFCSIUNIT', '*', '.PLANEANGLEUNIT.', '$', '.RADIAN.'),
  ];
  const person = w.add(
    'IFCPERSONANDORGANIZATION',
    ref(w.add('IFCPERSON', '$', "'Nicht definiert'", '$', '$', '$', '$', '$', '$')),
    ref(w.add('IFCORGANIZATION', '$', "'Nicht definiert'", '$', '$', '$')),
    '$',
  );
  const application = w.add(
    'IFCAPPLICATION',
    ref(w.add('IFCORGANIZATION', "'DDM'", "'Design Data Manager'", '$', '$', '$')),
    "'1.0'",
    "'Warm-up'",
    "'DDM'",
  );
  const history = w.add('IFCOWNERHISTORY', ref(person), ref(application), '$', '.ADDED.', '$', '$', '$', '1482339244');
  const project = w.add(
    'IFCPROJECT',
    g('project'),
    ref(history),
    "'Warm-up'",
    '$',
    '$',
    '$',
    '$',
    list([ref(context)]),
    ref(w.add('IFCUNITASSIGNMENT', list(units.map(ref)))),
  );
  const sitePlacement = w.add('IFCLOCALPLACEMENT', '$', ref(origin));
  const site = w.add(
    'IFCSITE',
    g('site'),
    '$',
    "'Site'",
    '$',
    '$',
    ref(sitePlacement),
    '$',
    '$',
    '.ELEMENT.',
    '$',
    '$',
    '$',
    '$',
    '$',
  );
  const buildingPlacement = w.add('IFCLOCALPLACEMENT', ref(sitePlacement), ref(origin));
  const building = w.add(
    'IFCBUILDING',
    g('building'),
    '$',
    "'Warm-up'",
    '$',
    '$',
    ref(buildingPlacement),
    '$',
    '$',
    '.ELEMENT.',
    '$',
    '$',
    '$',
  );
  w.add('IFCRELAGGREGATES', g('project-site'), '$', '$', '$', ref(project), list([ref(site)]));
  w.add('IFCRELAGGREGATES', g('site-building'), '$', '$', '$', ref(site), list([ref(building)]));

  const colour = (name: string, r: number, gr: number, b: number, transparency: number) => {
    const rendering = w.add(
      'IFCSURFACESTYLERENDERING',
      ref(w.add('IFCCOLOURRGB', '$', real(r), real(gr), real(b))),
      real(transparency),
      '$',
      '$',
      '$',
      '$',
      '$',
      '$',
      '.NOTDEFINED.',
    );
    return w.add('IFCSURFACESTYLE', str(name), '.BOTH.', list([ref(rendering)]));
  };
  const styles = [
    colour('Brick', 0.7, 0.3, 0.2, 0),
    colour('Glass', 0.6, 0.8, 0.9, 0.6),
    colour('Timber', 0.6, 0.45, 0.25, 0),
  ];
  const styled = (item: number, style: number) => w.add('IFCSTYLEDITEM', ref(item), list([ref(style)]), '$');
  const shape = (items: number[], kind: string) =>
    w.add(
      'IFCPRODUCTDEFINITIONSHAPE',
      '$',
      '$',
      list([ref(w.add('IFCSHAPEREPRESENTATION', ref(body), "'Body'", str(kind), list(items.map(ref))))]),
    );
  const rectangle = (x: number, y: number) =>
    w.add(
      'IFCRECTANGLEPROFILEDEF',
      '.AREA.',
      '$',
      ref(w.add('IFCAXIS2PLACEMENT2D', ref(point2(x / 2, y / 2)), '$')),
      real(x),
      real(y),
    );
  const polygon = (corners: [number, number][]) =>
    w.add(
      'IFCARBITRARYCLOSEDPROFILEDEF',
      '.AREA.',
      '$',
      ref(w.add('IFCPOLYLINE', list([...corners, corners[0]!].map(([x, y]) => ref(point2(x, y)))))),
    );
  const extrude = (profile: number, height: number) =>
    w.add('IFCEXTRUDEDAREASOLID', ref(profile), ref(origin), ref(zAxis), real(height));

  // One window, defined once and placed in every opening: a mapped item, as exporters share a family's geometry.
  const brep = (faces: number[]) => w.add('IFCFACETEDBREP', ref(w.add('IFCCLOSEDSHELL', list(faces.map(ref)))));
  const frame = brep(frameFaces(w, point, 1200, 80, 1400, 60));
  styled(frame, styles[2]!);
  const pane = brep(boxFaces(w, point, 1200, 20, 1400));
  styled(pane, styles[1]!);
  const windowMap = w.add(
    'IFCREPRESENTATIONMAP',
    ref(origin),
    ref(w.add('IFCSHAPEREPRESENTATION', ref(body), "'Body'", "'Brep'", list([ref(frame), ref(pane)]))),
  );
  // A gable wall under both slopes of the roof, cut by two half-spaces each bounded by half the wall's
  // outline (clipping results nested), as ARCHICAD cuts gable walls.
  const slopeCut = (solid: number, [from, to]: [number, number], eaveX: number, normalX: number) => {
    const slope = w.add(
      'IFCPLANE',
      ref(w.add('IFCAXIS2PLACEMENT3D', ref(point(eaveX, 0, 2400)), ref(dir(normalX, 0, -0.866)), ref(dir(0, 1, 0)))),
    );
    const outline = w.add(
      'IFCPOLYLINE',
      list(
        [
          [from, -10],
          [to, -10],
          [to, 310],
          [from, 310],
          [from, -10],
        ].map(([x, y]) => ref(point2(x!, y!))),
      ),
    );
    return w.add(
      'IFCBOOLEANCLIPPINGRESULT',
      '.DIFFERENCE.',
      ref(solid),
      ref(w.add('IFCPOLYGONALBOUNDEDHALFSPACE', ref(slope), '.T.', ref(origin), ref(outline))),
    );
  };
  const underRoof = (solid: number) => slopeCut(slopeCut(solid, [-10, 2900], 0, 0.5), [2900, 5810], 5800, -0.5);

  const wallType = w.add(
    'IFCWALLTYPE',
    g('wall-type'),
    '$',
    "'Basic Wall: Brick 300'",
    '$',
    '$',
    '$',
    '$',
    '$',
    '$',
    '.SOLIDWALL.',
  );
  const layers = w.add(
    'IFCMATERIALLAYERSET',
    list([
      ref(
        w.add(
          'IFCMATERIALLAYER',
          ref(w.add('IFCMATERIAL', "'Brick'", '$', "'Masonry'")),
          real(240),
          '$',
          "'Core'",
          '$',
          '$',
          '$',
        ),
      ),
      ref(
        w.add(
          'IFCMATERIALLAYER',
          ref(w.add('IFCMATERIAL', "'Plaster'", '$', "'Finish'")),
          real(60),
          '$',
          "'Finish'",
          '$',
          '$',
          '$',
        ),
      ),
    ]),
    "'Brick 300'",
    '$',
  );
  const layerUsage = w.add('IFCMATERIALLAYERSETUSAGE', ref(layers), '.AXIS2.', '.POSITIVE.', real(0), '$');

  const walls: number[] = [];
  const windows: number[] = [];
  const members: number[] = [];
  const storeyIds: number[] = [];
  for (let level = 0; level < storeys; level++) {
    const storeyPlacement = w.add('IFCLOCALPLACEMENT', ref(buildingPlacement), ref(place(0, 0, level * 3000)));
    const storey = w.add(
      'IFCBUILDINGSTOREY',
      g(`storey-${level}`),
      '$',
      `'Ebene ${level} \\X2\\00E4\\X0\\'`,
      '$',
      '$',
      ref(storeyPlacement),
      '$',
      '$',
      '.ELEMENT.',
      real(level * 3000),
    );
    storeyIds.push(storey);
    const contained: number[] = [];
    for (let side = 0; side < 4; side++) {
      const wallPlacement = w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(place(side * 6000, 0, 0)));
      const gable = side === 3 && level === storeys - 1;
      // Mitred at both ends where it meets the next walls, as ARCHICAD draws a wall's outline.
      const solid = extrude(
        gable
          ? polygon([
              [0, 0],
              [5800, 0],
              [5500, 300],
              [300, 300],
            ])
          : rectangle(5800, 300),
        3000,
      );
      styled(solid, styles[0]!);
      const wallShape = shape([gable ? underRoof(solid) : solid], gable ? 'Clipping' : 'SweptSolid');
      const wall = w.add(
        'IFCWALL',
        g(`wall-${level}-${side}`),
        '$',
        str(`Wand ${level}.${side}`),
        '$',
        '$',
        ref(wallPlacement),
        ref(wallShape),
        '$',
        '.SOLIDWALL.',
      );
      walls.push(wall);
      contained.push(wall);
      const openingPlacement = w.add('IFCLOCALPLACEMENT', ref(wallPlacement), ref(place(2000, -10, 900)));
      const opening = w.add(
        'IFCOPENINGELEMENT',
        g(`opening-${level}-${side}`),
        '$',
        '$',
        '$',
        '$',
        ref(openingPlacement),
        ref(shape([extrude(rectangle(1200, 320), 1400)], 'SweptSolid')),
        '$',
        '.OPENING.',
      );
      w.add('IFCRELVOIDSELEMENT', g(`voids-${level}-${side}`), '$', '$', '$', ref(wall), ref(opening));
      const operator = w.add('IFCCARTESIANTRANSFORMATIONOPERATOR3D', '$', '$', ref(point(0, 0, 0)), '$', '$');
      const windowPlacement = w.add('IFCLOCALPLACEMENT', ref(openingPlacement), ref(place(0, 100, 0)));
      const window = w.add(
        'IFCWINDOW',
        g(`window-${level}-${side}`),
        '$',
        str(`Fenster ${level}.${side}`),
        '$',
        '$',
        ref(windowPlacement),
        ref(shape([w.add('IFCMAPPEDITEM', ref(windowMap), ref(operator))], 'MappedRepresentation')),
        '$',
        real(1400),
        real(1200),
        '.WINDOW.',
        '.SINGLE_PANEL.',
        '$',
      );
      w.add('IFCRELFILLSELEMENT', g(`fills-${level}-${side}`), '$', '$', '$', ref(opening), ref(window));
      windows.push(window);
      contained.push(window);
    }
    // A roof rafter cut by a plane, as exporters clip a sloped member: a boolean clipping result.
    const plane = w.add(
      'IFCPLANE',
      ref(w.add('IFCAXIS2PLACEMENT3D', ref(point(0, 0, 2500)), ref(dir(0, -0.5, 0.866)), ref(dir(1, 0, 0)))),
    );
    const rafter = extrude(
      polygon([
        [0, 0],
        [200, 0],
        [200, 6000],
        [0, 6000],
      ]),
      3000,
    );
    styled(rafter, styles[2]!);
    const clipped = w.add(
      'IFCBOOLEANCLIPPINGRESULT',
      '.DIFFERENCE.',
      ref(rafter),
      ref(w.add('IFCHALFSPACESOLID', ref(plane), '.F.')),
    );
    const member = w.add(
      'IFCMEMBER',
      g(`member-${level}`),
      '$',
      str(`Sparren ${level}`),
      '$',
      '$',
      ref(w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(origin))),
      ref(shape([clipped], 'Clipping')),
      '$',
      '.RAFTER.',
    );
    members.push(member);
    contained.push(member);
    // One of each is enough for web-ifc to compile the code they take: a dozen doubled every warm-up run.
    if (level < 2) {
      // A handrail, faceted: its end faces of 108 corners, not convex, take web-ifc's triangulation down another path than quads.
      const rail = brep(railFaces(w, point, 25, 5800, 108));
      styled(rail, styles[2]!);
      const railing = w.add(
        'IFCRAILING',
        g(`railing-${level}`),
        '$',
        `'Gel\\X2\\00E4\\X0\\nder ${level}'`,
        '$',
        '$',
        ref(w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(place(0, -500, 900)))),
        ref(shape([rail], 'Brep')),
        '$',
        '.HANDRAIL.',
      );
      contained.push(railing);
      // A stirrup in the slab: a disk swept along arcs and legs, as rebar is exported.
      const stirrup = w.add('IFCSWEPTDISKSOLID', ref(stirrupCurve(w, 400, 400, 40)), real(6), '$', '$', '$');
      contained.push(
        w.add(
          'IFCREINFORCINGBAR',
          g(`stirrup-${level}`),
          '$',
          str(`Stirrup ${level}`),
          '$',
          '$',
          ref(w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(place(1000, 1000, 125)))),
          ref(shape([stirrup], 'AdvancedSweptSolid')),
          '$',
          "'B500B'",
          real(12),
          real(113),
          real(1600),
          '.LIGATURE.',
          '.TEXTURED.',
        ),
      );
      // A round column whose shaft is a B-spline surface: web-ifc tessellates advanced B-reps by code of their own.
      contained.push(
        w.add(
          'IFCCOLUMN',
          g(`column-${level}`),
          '$',
          str(`Column ${level}`),
          '$',
          '$',
          ref(w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(place(12000, 4000, 0)))),
          ref(shape([roundColumnBrep(w, point, 150, 3000)], 'AdvancedBrep')),
          '$',
          '.COLUMN.',
        ),
      );
    }
    const slab = w.add(
      'IFCSLAB',
      g(`slab-${level}`),
      '$',
      str(`Decke ${level}`),
      '$',
      '$',
      ref(w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(origin))),
      ref(
        shape(
          [
            extrude(
              polygon([
                [0, 0],
                [24000, 0],
                [24000, 8000],
                [12000, 10000],
                [0, 8000],
              ]),
              250,
            ),
          ],
          'SweptSolid',
        ),
      ),
      '$',
      '.FLOOR.',
    );
    contained.push(slab);
    w.add(
      'IFCRELCONTAINEDINSPATIALSTRUCTURE',
      g(`contained-${level}`),
      '$',
      '$',
      '$',
      list(contained.map(ref)),
      ref(storey),
    );
  }
  w.add('IFCRELAGGREGATES', g('storeys'), '$', '$', '$', ref(building), list(storeyIds.map(ref)));
  writeProperties(w, g, { walls, windows, members, wallType, layerUsage });
  return w.file('warm-up.ifc', 'IFC4', '2026-01-01T00:00:00');
}
