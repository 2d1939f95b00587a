module github.com/teachpilot/site

go 1.26.8

ignore ./web/node_modules
