import { vi } from 'vitest';
import {
  encodeUrn,
  type Manifest,
  type ManifestDerivative,
  type ManifestMessage,
  type ObjectProperties,
  type ObjectTreeNode,
  type TranslationStatus,
} from '../../contracts/model-derivative';
import { configureHttp } from '../api/http';
import { mockFetch } from './fetch-mock';

/** Model Derivative answers shaped as the platform writes them (the manifest agreed with the platform), for tests. */

export const SOURCE = 'urn:adsk.objects:os.object:models:house.ifc';
export const URN = encodeUrn(SOURCE);
export const VIEW_GUID = 'view-3d';
const derivativeUrn = (type: string, file: string) => `urn:adsk.viewing:fs.file:${URN}/output/${type}/${file}`;

export function svf2(status: TranslationStatus = 'success'): ManifestDerivative {
  return {
    name: 'house.ifc',
    outputType: 'svf2',
    status,
    progress: status === 'success' ? 'complete' : '40% complete',
    hasThumbnail: 'true',
    children: [
      {
        guid: VIEW_GUID,
        type: 'geometry',
        role: '3d',
        name: '3D',
        status,
        viewableID: VIEW_GUID,
        hasThumbnail: 'true',
        children: [
          {
            guid: 'glb',
            type: 'resource',
            role: 'graphics',
            mime: 'model/gltf-binary',
            status,
            urn: derivativeUrn('svf2', `${VIEW_GUID}/model.glb`),
            size: 5000,
          },
        ],
      },
      {
        guid: 'db',
        type: 'resource',
        role: 'Autodesk.CloudPlatform.PropertyDatabase',
        mime: 'application/json',
        status,
        urn: derivativeUrn('svf2', 'properties.json'),
        size: 900,
      },
    ],
  };
}

export function obj(status: TranslationStatus = 'success', messages?: ManifestMessage[]): ManifestDerivative {
  return {
    name: 'house.ifc',
    outputType: 'obj',
    status,
    progress: status === 'success' || status === 'failed' ? 'complete' : '10% complete',
    hasThumbnail: 'false',
    ...(messages ? { messages } : {}),
    children:
      status === 'success'
        ? [
            {
              guid: 'obj',
              type: 'resource',
              role: 'obj',
              mime: 'application/octet-stream',
              status,
              urn: derivativeUrn('obj', 'model.obj'),
              size: 2048,
            },
            {
              guid: 'mtl',
              type: 'resource',
              role: 'mtl',
              mime: 'application/octet-stream',
              status,
              urn: derivativeUrn('obj', 'model.mtl'),
              size: 80,
            },
          ]
        : [],
  };
}

export function manifest(
  derivatives: ManifestDerivative[],
  status: TranslationStatus = 'success',
  progress = 'complete',
): Manifest {
  return {
    type: 'manifest',
    urn: URN,
    region: 'US',
    version: '1.0',
    status,
    progress,
    hasThumbnail: 'false',
    derivatives,
  };
}

export const TREE: ObjectTreeNode[] = [
  {
    objectid: 1,
    name: 'Demo House',
    objects: [
      {
        objectid: 2,
        name: 'Ground Floor',
        objects: [
          { objectid: 3, name: 'South Wall Ground Floor' },
          { objectid: 4, name: 'Front Door Ground Floor' },
        ],
      },
    ],
  },
];

export const PROPERTIES: ObjectProperties[] = [
  {
    objectid: 3,
    name: 'South Wall Ground Floor',
    externalId: 'w1',
    properties: {
      IfcClass: 'IfcWall',
      Pset_WallCommon: { FireRating: 'REI 90', IsExternal: true },
      Dimensions: { Length: '12.000 m' },
    },
  },
  {
    objectid: 4,
    name: 'Front Door Ground Floor',
    externalId: 'd1',
    properties: { IfcClass: 'IfcDoor', Pset_DoorCommon: { FireRating: 'EI 30', IsExternal: true } },
  },
];

/** Points the http layer at a fake fetch that answers through `respond`. */
export function serveMd(respond: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}
