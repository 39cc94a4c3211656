/**
 * Writes a STEP (AP214) product structure the way OCCT's STEP writer lays one out: a PRODUCT with
 * its definition and shape representation per product, NEXT_ASSEMBLY_USAGE_OCCURRENCE plus a
 * CONTEXT_DEPENDENT_SHAPE_REPRESENTATION (ITEM_DEFINED_TRANSFORMATION) per placed occurrence, and each
 * part a box as an ADVANCED_BREP_SHAPE_REPRESENTATION of one MANIFOLD_SOLID_BREP. Nodes that name the
 * same product share it (one definition, several occurrences), as CAD assemblies reuse parts.
 * Lengths are millimetres.
 */

export interface StepNode {
  /** The product's name (and id). Nodes of the same product share one definition. */
  product: string;
  /** The occurrence's own name (NAUO name); the product's name when absent. */
  instance?: string;
  /** Where the occurrence sits in its parent, in millimetres. */
  at?: [number, number, number];
  /** A part's box size, in millimetres (parts only). */
  size?: [number, number, number];
  children?: StepNode[];
}

type Vec = [number, number, number];

class StepText {
  private readonly lines: string[] = [];
  add(entity: string): number {
    this.lines.push(entity);
    return this.lines.length;
  }
  data(): string {
    return this.lines.map((line, index) => `#${index + 1}=${line};`).join('\n');
  }
}

const real = (value: number) => (Number.isInteger(value) ? `${value}.` : String(value));
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A STEP file of the whole tree under `root` (itself an assembly). */
export function stepAssembly(root: StepNode): string {
  const out = new StepText();
  const app = out.add("APPLICATION_CONTEXT('core data for automotive mechanical design processes')");
  out.add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,#${app})`);
  const productContext = out.add(`PRODUCT_CONTEXT('',#${app},'mechanical')`);
  const definitionContext = out.add(`PRODUCT_DEFINITION_CONTEXT('part definition',#${app},'design')`);
  const mm = out.add('( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) )');
  const rad = out.add('( NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.) )');
  const sr = out.add('( NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT() )');
  const uncertainty = out.add(
    `UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),#${mm},'distance_accuracy_value','confusion accuracy')`,
  );
  const context = out.add(
    `( GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((#${uncertainty})) GLOBAL_UNIT_ASSIGNED_CONTEXT((#${mm},#${rad},#${sr})) REPRESENTATION_CONTEXT('Context #1','3D Context with UNIT and UNCERTAINTY') )`,
  );

  const point = (p: Vec) => out.add(`CARTESIAN_POINT('',(${p.map(real).join(',')}))`);
  const direction = (d: Vec) => out.add(`DIRECTION('',(${d.map(real).join(',')}))`);
  const axis = (origin: Vec, z: Vec = [0, 0, 1], x: Vec = [1, 0, 0]) =>
    out.add(`AXIS2_PLACEMENT_3D('',#${point(origin)},#${direction(z)},#${direction(x)})`);

  interface Made {
    definition: number;
    representation: number;
    origin: number;
    placements: number[];
  }
  const made = new Map<string, Made>();
  let usages = 0;

  const box = (size: Vec): number => {
    const corner = (i: number, j: number, k: number): Vec => [i * size[0], j * size[1], k * size[2]];
    const vertices = new Map<string, number>();
    const vertex = (c: Vec) => {
      const key = c.join(',');
      if (!vertices.has(key)) vertices.set(key, out.add(`VERTEX_POINT('',#${point(c)})`));
      return vertices.get(key) as number;
    };
    const edges = new Map<string, number>();
    const orientedEdge = (a: Vec, b: Vec) => {
      const forward = a.join(',') < b.join(',');
      const [from, to] = forward ? [a, b] : [b, a];
      const key = `${from.join(',')}>${to.join(',')}`;
      if (!edges.has(key)) {
        const delta = to.map((value, index) => value - from[index]!) as Vec;
        const length = Math.hypot(...delta);
        const vector = out.add(`VECTOR('',#${direction(delta.map((value) => value / length) as Vec)},${real(length)})`);
        const line = out.add(`LINE('',#${point(from)},#${vector})`);
        edges.set(key, out.add(`EDGE_CURVE('',#${vertex(from)},#${vertex(to)},#${line},.T.)`));
      }
      return out.add(`ORIENTED_EDGE('',*,*,#${edges.get(key)},${forward ? '.T.' : '.F.'})`);
    };
    // Each face's corners run anticlockwise seen from outside, so the loop agrees with the outward normal.
    const faces: Array<{ loop: Vec[]; normal: Vec; x: Vec }> = [
      { loop: [corner(0, 0, 0), corner(0, 1, 0), corner(1, 1, 0), corner(1, 0, 0)], normal: [0, 0, -1], x: [1, 0, 0] },
      { loop: [corner(0, 0, 1), corner(1, 0, 1), corner(1, 1, 1), corner(0, 1, 1)], normal: [0, 0, 1], x: [1, 0, 0] },
      { loop: [corner(0, 0, 0), corner(1, 0, 0), corner(1, 0, 1), corner(0, 0, 1)], normal: [0, -1, 0], x: [1, 0, 0] },
      { loop: [corner(0, 1, 0), corner(0, 1, 1), corner(1, 1, 1), corner(1, 1, 0)], normal: [0, 1, 0], x: [1, 0, 0] },
      { loop: [corner(0, 0, 0), corner(0, 0, 1), corner(0, 1, 1), corner(0, 1, 0)], normal: [-1, 0, 0], x: [0, 1, 0] },
      { loop: [corner(1, 0, 0), corner(1, 1, 0), corner(1, 1, 1), corner(1, 0, 1)], normal: [1, 0, 0], x: [0, 1, 0] },
    ];
    const faceIds = faces.map(({ loop, normal, x }) => {
      const sides = loop.map((corner, index) => orientedEdge(corner, loop[(index + 1) % loop.length]!));
      const edgeLoop = out.add(`EDGE_LOOP('',(${sides.map((id) => `#${id}`).join(',')}))`);
      const bound = out.add(`FACE_OUTER_BOUND('',#${edgeLoop},.T.)`);
      const plane = out.add(`PLANE('',#${axis(loop[0]!, normal, x)})`);
      return out.add(`ADVANCED_FACE('',(#${bound}),#${plane},.T.)`);
    });
    const shell = out.add(`CLOSED_SHELL('',(${faceIds.map((id) => `#${id}`).join(',')}))`);
    return out.add(`MANIFOLD_SOLID_BREP('',#${shell})`);
  };

  const define = (node: StepNode): Made => {
    const known = made.get(node.product);
    if (known) return known;
    const product = out.add(`PRODUCT(${quote(node.product)},${quote(node.product)},'',(#${productContext}))`);
    out.add(`PRODUCT_RELATED_PRODUCT_CATEGORY('part',$,(#${product}))`);
    const formation = out.add(`PRODUCT_DEFINITION_FORMATION('','',#${product})`);
    const definition = out.add(`PRODUCT_DEFINITION('design','',#${formation},#${definitionContext})`);
    const shape = out.add(`PRODUCT_DEFINITION_SHAPE('','',#${definition})`);
    const origin = axis([0, 0, 0]);
    const children = node.children ?? [];
    const placements = children.map((child) => axis(child.at ?? [0, 0, 0]));
    const items = node.size ? [origin, box(node.size)] : [origin, ...placements];
    const kind = node.size ? 'ADVANCED_BREP_SHAPE_REPRESENTATION' : 'SHAPE_REPRESENTATION';
    const representation = out.add(
      `${kind}(${quote(node.product)},(${items.map((id) => `#${id}`).join(',')}),#${context})`,
    );
    out.add(`SHAPE_DEFINITION_REPRESENTATION(#${shape},#${representation})`);
    const result = { definition, representation, origin, placements };
    made.set(node.product, result);
    children.forEach((child, index) => {
      const inner = define(child);
      const usage = out.add(
        `NEXT_ASSEMBLY_USAGE_OCCURRENCE(${quote(`NAUO${++usages}`)},${quote(child.instance ?? child.product)},'',#${definition},#${inner.definition},$)`,
      );
      const usageShape = out.add(`PRODUCT_DEFINITION_SHAPE('Placement','Placement of an item',#${usage})`);
      const transformation = out.add(`ITEM_DEFINED_TRANSFORMATION('','',#${inner.origin},#${placements[index]})`);
      const relationship = out.add(
        `( REPRESENTATION_RELATIONSHIP('','',#${inner.representation},#${representation}) REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION(#${transformation}) SHAPE_REPRESENTATION_RELATIONSHIP() )`,
      );
      out.add(`CONTEXT_DEPENDENT_SHAPE_REPRESENTATION(#${relationship},#${usageShape})`);
    });
    return result;
  };
  define(root);

  return `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('Open CASCADE Model'),'2;1');
FILE_NAME(${quote(root.product)},'2024-01-01T00:00:00',('Design Data Manager tests'),(''),'Open CASCADE STEP processor 7.7','Open CASCADE 7.7','Unknown');
FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));
ENDSEC;
DATA;
${out.data()}
ENDSEC;
END-ISO-10303-21;
`;
}

/**
 * A cart four levels deep, as the tests and the end-to-end run use it: two axles of one product
 * (occurrences named apart), each with two wheels of one product and a hub sub-assembly of a bolt and
 * a nut that sits outside the left wheel, and a ballast block hidden inside the chassis.
 */
export function cartAssembly(): StepNode {
  const wheel = (instance: string, y: number): StepNode => ({
    product: 'Wheel',
    instance,
    at: [0, y, 0],
    size: [60, 20, 60],
  });
  // One product: both axles hold the same occurrences (a product's children are the same wherever it is placed).
  const axle = (instance: string, x: number): StepNode => ({
    product: 'Axle',
    instance,
    at: [x, 0, 0],
    children: [
      wheel('Left wheel', -20),
      wheel('Right wheel', 200),
      {
        product: 'Hub',
        at: [20, -40, 20],
        children: [
          { product: 'Bolt', size: [20, 20, 20] },
          { product: 'Nut', at: [5, -10, 5], size: [10, 10, 10] },
        ],
      },
    ],
  });
  return {
    product: 'Cart',
    children: [
      { product: 'Chassis', at: [0, 0, 60], size: [400, 200, 40] },
      { product: 'Ballast', at: [180, 80, 70], size: [40, 40, 20] },
      axle('Front axle', 40),
      axle('Rear axle', 300),
    ],
  };
}
