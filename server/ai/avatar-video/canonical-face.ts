import type { Point } from '../media-types';

/*
 * The 68 face landmarks (iBUG 300-W order, as face-api's landmark model gives them) of an
 * average frontal face: eye centres at (-0.5, 0) and (0.5, 0), y down. It is the mean of
 * the frontal faces face-api finds in its own demo photos, mirrored to be symmetric. Used
 * for the mesh's topology (which points form triangles) and to place landmarks on a face
 * whose profile stored only the eyes and mouth.
 */
// biome-ignore format: one landmark per pair reads best packed
const MEAN_FACE: ReadonlyArray<readonly [number, number]> = [
  [-1.091, -0.006], [-1.072, 0.28], [-1.012, 0.542], [-0.955, 0.783], [-0.85, 1.044],
  [-0.699, 1.26], [-0.531, 1.412], [-0.324, 1.584], [0, 1.679], [0.324, 1.584],
  [0.531, 1.412], [0.699, 1.26], [0.85, 1.044], [0.955, 0.783], [1.012, 0.542],
  [1.072, 0.28], [1.091, -0.006], [-0.903, -0.258], [-0.764, -0.348], [-0.597, -0.364],
  [-0.433, -0.334], [-0.289, -0.283], [0.289, -0.283], [0.433, -0.334], [0.597, -0.364],
  [0.764, -0.348], [0.903, -0.258], [0, 0.052], [0, 0.264], [0, 0.457],
  [0, 0.634], [-0.196, 0.714], [-0.111, 0.746], [0, 0.774], [0.111, 0.746],
  [0.196, 0.714], [-0.684, -0.016], [-0.584, -0.056], [-0.433, -0.057], [-0.299, 0.016],
  [-0.421, 0.057], [-0.578, 0.056], [0.299, 0.016], [0.433, -0.057], [0.584, -0.056],
  [0.684, -0.016], [0.578, 0.056], [0.421, 0.057], [-0.447, 1.005], [-0.293, 0.967],
  [-0.098, 0.931], [0, 0.948], [0.098, 0.931], [0.293, 0.967], [0.447, 1.005],
  [0.29, 1.181], [0.141, 1.265], [0, 1.29], [-0.141, 1.265], [-0.29, 1.181],
  [-0.414, 1.014], [-0.138, 1.018], [0, 1.024], [0.138, 1.018], [0.414, 1.014],
  [0.133, 1.133], [0, 1.151], [-0.133, 1.133],
];

export const meanFace = (): Point[] => MEAN_FACE.map(([x, y]) => ({ x, y }));
