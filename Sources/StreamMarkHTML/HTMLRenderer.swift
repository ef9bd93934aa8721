// placeholder until the HTML renderer lands
enum HTMLPlaceholder {}
