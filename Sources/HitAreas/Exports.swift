// Users of HitAreas get the configuration and registry types with it (and
// nothing that measures text: TextInputBase needs only Foundation).
@_exported public import TextInputBase
