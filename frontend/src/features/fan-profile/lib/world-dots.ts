// A hand-made, very coarse outline of the land masses (longitude, latitude vertices, a few dozen per continent) and
// the dot globe drawn from it: no map tiles, no network, a few kilobytes. Precision is not the point; a recognisable
// Earth is.

type Outline = readonly (readonly [number, number])[];

const land: readonly Outline[] = [
  // North America
  [
    [-168, 66],
    [-162, 70],
    [-140, 70],
    [-125, 72],
    [-95, 72],
    [-80, 73],
    [-62, 66],
    [-56, 52],
    [-66, 45],
    [-70, 42],
    [-76, 35],
    [-81, 31],
    [-80, 25],
    [-82, 29],
    [-90, 30],
    [-97, 27],
    [-97, 22],
    [-88, 21],
    [-87, 15],
    [-83, 10],
    [-78, 8],
    [-84, 9],
    [-92, 14],
    [-105, 20],
    [-110, 23],
    [-117, 32],
    [-124, 40],
    [-125, 49],
    [-135, 57],
    [-150, 60],
    [-165, 60],
  ],
  // Greenland
  [
    [-55, 60],
    [-44, 60],
    [-20, 70],
    [-18, 80],
    [-40, 83],
    [-65, 80],
    [-73, 77],
    [-55, 70],
  ],
  // South America
  [
    [-78, 8],
    [-60, 10],
    [-50, 0],
    [-35, -5],
    [-39, -15],
    [-48, -25],
    [-58, -35],
    [-65, -42],
    [-68, -55],
    [-75, -50],
    [-72, -30],
    [-70, -18],
    [-77, -10],
    [-81, -4],
  ],
  // Eurasia
  [
    [-10, 36],
    [-9, 43],
    [-1, 46],
    [-5, 48],
    [2, 51],
    [8, 54],
    [8, 57],
    [5, 61],
    [10, 64],
    [16, 69],
    [25, 71],
    [40, 67],
    [55, 69],
    [70, 73],
    [90, 76],
    [110, 77],
    [140, 72],
    [160, 70],
    [180, 68],
    [180, 65],
    [170, 60],
    [160, 55],
    [157, 51],
    [140, 55],
    [135, 44],
    [128, 35],
    [122, 40],
    [120, 32],
    [122, 25],
    [110, 20],
    [108, 12],
    [105, 9],
    [100, 13],
    [98, 8],
    [104, 1],
    [100, 3],
    [98, 15],
    [92, 22],
    [88, 21],
    [80, 15],
    [77, 8],
    [73, 18],
    [67, 24],
    [57, 25],
    [56, 27],
    [50, 30],
    [48, 29],
    [56, 23],
    [59, 22],
    [52, 16],
    [43, 12],
    [35, 28],
    [34, 31],
    [36, 36],
    [27, 37],
    [26, 40],
    [23, 38],
    [22, 36],
    [20, 40],
    [14, 45],
    [19, 40],
    [16, 38],
    [12, 42],
    [8, 44],
    [3, 43],
    [-1, 37],
    [-5, 36],
  ],
  // Africa
  [
    [-17, 15],
    [-17, 21],
    [-13, 27],
    [-6, 35],
    [10, 37],
    [11, 33],
    [20, 31],
    [32, 31],
    [34, 28],
    [38, 18],
    [43, 12],
    [51, 12],
    [40, -2],
    [40, -15],
    [35, -24],
    [32, -29],
    [27, -34],
    [20, -35],
    [17, -29],
    [12, -17],
    [13, -6],
    [9, -1],
    [9, 4],
    [4, 6],
    [-4, 5],
    [-8, 4],
    [-13, 8],
  ],
  // Madagascar
  [
    [44, -25],
    [49, -12],
    [50, -16],
    [47, -25],
  ],
  // Australia
  [
    [114, -22],
    [122, -17],
    [130, -12],
    [137, -12],
    [142, -11],
    [146, -19],
    [153, -26],
    [150, -37],
    [141, -38],
    [131, -31],
    [115, -34],
  ],
  // Japan
  [
    [130, 31],
    [135, 34],
    [141, 38],
    [142, 45],
    [140, 41],
    [136, 37],
    [130, 34],
  ],
  // Great Britain and Ireland
  [
    [-5, 50],
    [1, 51],
    [0, 54],
    [-3, 59],
    [-6, 57],
    [-5, 54],
  ],
  [
    [-10, 52],
    [-6, 52],
    [-6, 55],
    [-9, 54],
  ],
  // Iceland
  [
    [-24, 64],
    [-14, 65],
    [-16, 66],
    [-22, 66],
  ],
  // Sumatra, Borneo, New Guinea
  [
    [95, 5],
    [106, -6],
    [103, -5],
    [95, 3],
  ],
  [
    [109, 1],
    [117, 7],
    [119, 0],
    [116, -4],
    [110, -3],
  ],
  [
    [131, -1],
    [141, -3],
    [150, -10],
    [141, -9],
    [132, -4],
  ],
  // New Zealand
  [
    [172, -34],
    [178, -38],
    [174, -41],
    [167, -46],
    [172, -41],
  ],
];

function isInside(lon: number, lat: number, outline: Outline): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i, i += 1) {
    const [xi, yi] = outline[i] ?? [0, 0];
    const [xj, yj] = outline[j] ?? [0, 0];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function isLand(lon: number, lat: number): boolean {
  return land.some((outline) => isInside(lon, lat, outline));
}

export interface GlobeDot {
  x: number;
  y: number;
  /** 0 at the rim, 1 facing the viewer: the dots fade toward the rim. */
  depth: number;
}

export interface GlobeView {
  /** Centre of the view, degrees. */
  longitude: number;
  latitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Land dots on the visible half of a unit globe (orthographic), spaced evenly over the sphere. */
export function buildGlobeDots(view: GlobeView, spacingDegrees = 3): GlobeDot[] {
  const dots: GlobeDot[] = [];
  const lat0 = radians(view.latitude);
  for (let lat = -57; lat <= 84; lat += spacingDegrees) {
    const phi = radians(lat);
    const step = spacingDegrees / Math.max(Math.cos(phi), 0.2);
    for (let lon = -180; lon < 180; lon += step) {
      if (!isLand(lon, lat)) continue;
      const delta = radians(lon - view.longitude);
      const depth = Math.sin(lat0) * Math.sin(phi) + Math.cos(lat0) * Math.cos(phi) * Math.cos(delta);
      if (depth <= 0) continue;
      dots.push({
        x: Math.cos(phi) * Math.sin(delta),
        y: -(Math.cos(lat0) * Math.sin(phi) - Math.sin(lat0) * Math.cos(phi) * Math.cos(delta)),
        depth,
      });
    }
  }
  return dots;
}
