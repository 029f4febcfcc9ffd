//! SPC charts: the batch SPC graph (the dosing error of a material, or a batch's mean process
//! value, per dose or batch) and the consumption SPC graph (a material's kilograms per day).

pub mod chart;
