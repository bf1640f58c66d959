// Where the Worlds page draws: shared by the floor view and the layers it draws over the blocks.

/** Where the world lies on the canvas: cell side and offset in canvas pixels, and the floor on screen. */
export interface FloorFrame {
  readonly cell: number;
  readonly ox: number;
  readonly oy: number;
  readonly floor: number;
}
