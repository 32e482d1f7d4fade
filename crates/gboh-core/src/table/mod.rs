//! Tables as data: single-column roll tables, column CRTs, DRM matrices, terrain
//! effects and arrival tables.
