// placeholder until this module lands
enum StreamMarkTemplatesPlaceholder {}
